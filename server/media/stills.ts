import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { STILL_WIDTHS, type StillKind, stillVariantPath } from "../../core/images";

// WebP quality for stills: the demo clips are soft gradients, so 72 is visually the same as the JPEG at a
// fraction of the bytes.
const WEBP_QUALITY = 72;

function widthsFor(jpegFile: string): readonly number[] {
  const kind = path.basename(jpegFile, ".jpg");
  return Object.hasOwn(STILL_WIDTHS, kind) && jpegFile.endsWith(".jpg") ? STILL_WIDTHS[kind as StillKind] : [];
}

/** The WebP variants that belong next to a still (`poster.jpg` or `thumb.jpg`; none for other files). */
export function stillVariantFiles(jpegFile: string): string[] {
  return widthsFor(jpegFile).map((w) => stillVariantPath(jpegFile, w));
}

/**
 * Writes the responsive WebP variants of a still (see app/lib/images.ts for the naming). Each file is written
 * to a temporary name and renamed, so a half-written variant never looks complete.
 */
export async function makeStillVariants(jpegFile: string): Promise<string[]> {
  const widths = widthsFor(jpegFile);
  const files = stillVariantFiles(jpegFile);
  if (!files.length) return [];
  const input = await fs.readFile(jpegFile);
  for (const [i, w] of widths.entries()) {
    const out = files[i]!;
    const tmp = `${out}.tmp-${process.pid}`;
    await sharp(input).resize({ width: w, withoutEnlargement: true }).webp({ quality: WEBP_QUALITY, effort: 4 }).toFile(tmp);
    await fs.rename(tmp, out);
  }
  return files;
}
