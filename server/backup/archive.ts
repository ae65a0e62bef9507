import fs from "node:fs";
import { keyEntry, MANIFEST_ENTRY, type Manifest, mediaEntry, parseManifest } from "./manifest";
import { readTarEntry, readTarIndex, type TarEntry } from "./tar";

/** A backup archive opened for a restore: its manifest, checked, and where each entry lies. */

/** A restore that cannot be done: the archive or the target is not what it needs. The target is left as it was found. */
export class RestoreRefused extends Error {}

export interface Archive {
  file: string;
  manifest: Manifest;
  entries: Map<string, TarEntry>;
}

/** Reads an archive's index and manifest, and checks that every entry the manifest names is there, whole. */
export async function openArchive(file: string): Promise<Archive> {
  if (!fs.existsSync(file)) throw new RestoreRefused(`no such file: ${file}`);
  const entries = await readTarIndex(file);
  const manifestEntry = entries.get(MANIFEST_ENTRY);
  if (!manifestEntry) throw new RestoreRefused(`${file} is not a Pleazure backup (no ${MANIFEST_ENTRY})`);
  const manifest = parseManifest(await entryText(file, manifestEntry));
  const named: [string, number][] = [
    ...manifest.tables.map((t): [string, number] => [t.entry, t.bytes]),
    ...(manifest.media.storage === "local" ? manifest.media.files.map((f): [string, number] => [mediaEntry(f.path), f.size]) : []),
    ...manifest.keys.map((f): [string, number] => [keyEntry(f.path), f.size]),
  ];
  for (const [name, size] of named) {
    if (entries.get(name)?.size !== size)
      throw new RestoreRefused(`the archive lacks ${name} or holds another size than its manifest says`);
  }
  return { file, manifest, entries };
}

async function entryText(file: string, entry: TarEntry): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of readTarEntry(file, entry)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
