import fs from "node:fs/promises";
import path from "node:path";
import sharp, { type Sharp } from "sharp";
import { STILL_FORMATS, STILL_WIDTHS, type StillFormat, type StillKind, stillVariantPath } from "../../core/images";

/**
 * Encoder settings per format, chosen by measurement on the demo stills (docs/benchmarks.md "Issue 35: AVIF
 * stills"): AVIF at quality 40 and effort 3 is about 40 % smaller than WebP at 72 and still closer to the
 * original (SSIM 0.934 against 0.919 at 320 px); effort 4 saves another 7 % for three times the encoding time.
 * AVIF's chroma at half resolution (4:2:0, as WebP always is): the stills are frames of 4:2:0 video saved as 4:2:0
 * JPEGs, so sharp's default 4:4:4 stored interpolated chroma; 4:2:0 is 6-8 % smaller and decodes 16 % faster, the
 * LCP image's decode being on the first paint's path (docs/benchmarks.md "Issue 35: AVIF chroma at half resolution").
 */
const SETTINGS = {
  avif: { quality: 40, effort: 3, chromaSubsampling: "4:2:0" },
  webp: { quality: 72, effort: 4 },
} as const;

const ENCODE: Readonly<Record<StillFormat, (image: Sharp) => Sharp>> = {
  avif: (image) => image.avif(SETTINGS.avif),
  webp: (image) => image.webp(SETTINGS.webp),
};

/** The settings above as text: a set of variants written with others is written again (server/media/demo-media.ts). */
export const STILL_ENCODING = JSON.stringify(SETTINGS);

function widthsFor(jpegFile: string): readonly number[] {
  const kind = path.basename(jpegFile, ".jpg");
  return Object.hasOwn(STILL_WIDTHS, kind) && jpegFile.endsWith(".jpg") ? STILL_WIDTHS[kind as StillKind] : [];
}

interface Variant {
  file: string;
  width: number;
  format: StillFormat;
}

function variantsOf(jpegFile: string): Variant[] {
  return widthsFor(jpegFile).flatMap((width) =>
    STILL_FORMATS.map((format) => ({ file: stillVariantPath(jpegFile, width, format), width, format })),
  );
}

/** The variants that belong next to a still (`poster.jpg` or `thumb.jpg`; none for other files), every width in every format. */
export function stillVariantFiles(jpegFile: string): string[] {
  return variantsOf(jpegFile).map((v) => v.file);
}

/**
 * Writes the responsive variants of a still (core/images.ts names them), or only those `wanted` says are missing.
 * Each file is written to a temporary name and renamed, so a half-written variant never looks complete.
 */
export async function makeStillVariants(jpegFile: string, wanted: (file: string) => boolean = () => true): Promise<string[]> {
  const variants = variantsOf(jpegFile).filter((v) => wanted(v.file));
  if (!variants.length) return [];
  const input = await fs.readFile(jpegFile);
  for (const { file, width, format } of variants) {
    const tmp = `${file}.tmp-${process.pid}`;
    await ENCODE[format](sharp(input).resize({ width, withoutEnlargement: true })).toFile(tmp);
    await fs.rename(tmp, file);
  }
  return variants.map((v) => v.file);
}
