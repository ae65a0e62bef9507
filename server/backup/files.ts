import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";

/** The files side of a backup: listing DATA_DIR/media and writing files back, checked. */

export interface FoundFile {
  /** Relative to the listed folder, with `/` separators (the archive's and the manifest's form). */
  path: string;
  absolute: string;
}

/**
 * Every regular file under `root`, sorted. Symbolic links are followed: the demo set and the house ad are links
 * into DEMO_MEDIA_CACHE, and a restored site must not depend on a cache folder of the old machine.
 */
export function listFiles(root: string): FoundFile[] {
  const found: FoundFile[] = [];
  const seen = new Set<string>();
  const walk = (dir: string, prefix: string) => {
    const real = fs.realpathSync(dir);
    if (seen.has(real)) return; // a link back up the tree
    seen.add(real);
    for (const name of fs.readdirSync(dir).sort()) {
      const absolute = path.join(dir, name);
      const relative = prefix ? `${prefix}/${name}` : name;
      const stat = fs.statSync(absolute, { throwIfNoEntry: false }); // undefined: a dangling link, or just deleted
      if (stat?.isDirectory()) walk(absolute, relative);
      else if (stat?.isFile()) found.push({ path: relative, absolute });
    }
  };
  if (fs.existsSync(root)) walk(root, "");
  return found;
}

/** Whether `root` holds any file at all (a restore will not mix a backup into a used folder unless forced). */
export function hasFiles(root: string): boolean {
  return listFiles(root).length > 0;
}

/** `relative` resolved under `root`; throws if it would leave it (the manifest is checked already: this is the second lock). */
export function inside(root: string, relative: string): string {
  const target = path.resolve(root, relative);
  if (!target.startsWith(path.resolve(root) + path.sep)) throw new Error(`refusing to write outside ${root}: ${relative}`);
  return target;
}

/**
 * Writes `body` to `target` through a temporary file renamed into place once its size and SHA-256 match what the
 * manifest says: a damaged archive never leaves a half or wrong file under a name the site serves.
 */
export async function writeChecked(
  target: string,
  body: Readable,
  expected: { size: number; sha256: string },
  mode?: number,
): Promise<void> {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const temporary = `${target}.restoring-${process.pid}`;
  const out = await fs.promises.open(temporary, "w", mode);
  const hash = crypto.createHash("sha256");
  let size = 0;
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      hash.update(chunk);
      size += chunk.length;
      await out.write(chunk);
    }
  } finally {
    await out.close();
  }
  const sha256 = hash.digest("hex");
  if (size !== expected.size || sha256 !== expected.sha256) {
    fs.rmSync(temporary, { force: true });
    throw new Error(`${target}: the archive's copy does not match its manifest (damaged archive?)`);
  }
  fs.renameSync(temporary, target);
}
