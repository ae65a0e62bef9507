import crypto from "node:crypto";
import fs from "node:fs";
import { Readable } from "node:stream";

/**
 * The few parts of POSIX tar (ustar) a backup archive needs: regular files, written one after another, read back
 * by offset. GNU tar and bsdtar list and extract these archives (`tar tf`, `tar xf`), so an operator can look
 * inside one without the app. Sizes past ustar's 8 GiB octal field use GNU's base-256 form, as GNU tar does.
 */

const BLOCK = 512;
const OCTAL_SIZE_LIMIT = 8 ** 11; // 11 octal digits

export interface TarEntry {
  name: string;
  size: number;
  /** Where the entry's bytes start in the archive file. */
  offset: number;
}

export class TarFormatError extends Error {}

/** Appends entries to a new archive file. Call close() to write the end marker; nothing is valid before that. */
export class TarWriter {
  private position = 0;

  private constructor(private readonly file: fs.promises.FileHandle) {}

  static async create(path: string, mode = 0o600): Promise<TarWriter> {
    return new TarWriter(await fs.promises.open(path, "wx", mode));
  }

  /** Adds an entry of exactly `size` bytes read from `body`; returns their SHA-256 (hex). */
  async add(name: string, size: number, body: AsyncIterable<Buffer | Uint8Array> | Iterable<Buffer>, mode = 0o644): Promise<string> {
    await this.write(header(name, size, mode));
    const hash = crypto.createHash("sha256");
    let written = 0;
    for await (const chunk of body) {
      written += chunk.length;
      if (written > size) break;
      hash.update(chunk);
      await this.write(chunk);
    }
    if (written !== size) throw new Error(`${name}: expected ${size} bytes, read ${written} (did it change during the backup?)`);
    await this.write(Buffer.alloc(padding(size)));
    return hash.digest("hex");
  }

  addBuffer(name: string, data: Buffer, mode = 0o644): Promise<string> {
    return this.add(name, data.length, [data], mode);
  }

  /** Writes the end-of-archive marker (two zero blocks) and closes the file. */
  async close(): Promise<void> {
    await this.write(Buffer.alloc(2 * BLOCK));
    await this.file.sync();
    await this.file.close();
  }

  /** Closes the file without finishing the archive (after a failure). */
  async abandon(): Promise<void> {
    await this.file.close().catch(() => {});
  }

  private async write(data: Buffer | Uint8Array): Promise<void> {
    let done = 0;
    while (done < data.length) {
      const { bytesWritten } = await this.file.write(data, done, data.length - done, this.position);
      done += bytesWritten;
      this.position += bytesWritten;
    }
  }
}

/** Every regular file in the archive, by name, read from the headers alone (the data are skipped). */
export async function readTarIndex(path: string): Promise<Map<string, TarEntry>> {
  const file = await fs.promises.open(path, "r");
  try {
    const { size: total } = await file.stat();
    const entries = new Map<string, TarEntry>();
    const block = Buffer.alloc(BLOCK);
    let offset = 0;
    for (;;) {
      if (offset + BLOCK > total) throw new TarFormatError("the archive ends early (an interrupted copy?)");
      await file.read(block, 0, BLOCK, offset);
      if (block.every((b) => b === 0)) return entries;
      const entry = parseHeader(block, offset + BLOCK);
      if (entry.offset + entry.size > total) throw new TarFormatError(`${entry.name}: the archive ends inside it`);
      if (entry.type === "file") entries.set(entry.name, { name: entry.name, size: entry.size, offset: entry.offset });
      offset = entry.offset + entry.size + padding(entry.size);
    }
  } finally {
    await file.close();
  }
}

/** The bytes of one entry. */
export function readTarEntry(path: string, entry: TarEntry): Readable {
  if (entry.size === 0) return Readable.from([]);
  return fs.createReadStream(path, { start: entry.offset, end: entry.offset + entry.size - 1 });
}

function padding(size: number): number {
  return (BLOCK - (size % BLOCK)) % BLOCK;
}

function header(name: string, size: number, mode: number): Buffer {
  const { prefix, base } = splitName(name);
  const h = Buffer.alloc(BLOCK);
  h.write(base, 0, 100, "utf8");
  writeOctal(h, 100, 8, mode);
  writeOctal(h, 108, 8, 0); // uid
  writeOctal(h, 116, 8, 0); // gid
  writeSize(h, size);
  writeOctal(h, 136, 12, Math.floor(Date.now() / 1000));
  h.fill(" ", 148, 156); // the checksum counts its own field as spaces
  h.write("0", 156, "ascii"); // regular file
  h.write("ustar\u000000", 257, "ascii");
  h.write(prefix, 345, 155, "utf8");
  const checksum = h.reduce((sum, b) => sum + b, 0);
  h.write(`${checksum.toString(8).padStart(6, "0")}\u0000 `, 148, "ascii");
  return h;
}

/** ustar keeps up to 100 bytes of name and 155 of directory prefix, split at a slash. */
function splitName(name: string): { prefix: string; base: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: "", base: name };
  for (let i = name.indexOf("/"); i > 0; i = name.indexOf("/", i + 1)) {
    const prefix = name.slice(0, i);
    const base = name.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(base) <= 100) return { prefix, base };
  }
  throw new Error(`path too long for the archive (ustar keeps 255 bytes): ${name}`);
}

function writeOctal(h: Buffer, at: number, width: number, value: number): void {
  h.write(`${value.toString(8).padStart(width - 1, "0")}\u0000`, at, width, "ascii");
}

function writeSize(h: Buffer, size: number): void {
  if (size < OCTAL_SIZE_LIMIT) {
    writeOctal(h, 124, 12, size);
    return;
  }
  // GNU base-256: high bit set, then the size big-endian in the remaining 11 bytes.
  h[124] = 0x80;
  let rest = size;
  for (let i = 135; i > 124; i--) {
    h[i] = rest % 256;
    rest = Math.floor(rest / 256);
  }
}

function parseHeader(h: Buffer, dataOffset: number): { name: string; size: number; offset: number; type: "file" | "other" } {
  const stored = Number.parseInt(text(h, 148, 8).trim(), 8);
  const sum = h.reduce((acc, b, i) => acc + (i >= 148 && i < 156 ? 32 : b), 0);
  if (stored !== sum) throw new TarFormatError("not a tar archive, or a damaged one (header checksum)");
  const prefix = text(h, 345, 155);
  const base = text(h, 0, 100);
  const flag = String.fromCharCode(h[156]!);
  return {
    name: prefix ? `${prefix}/${base}` : base,
    size: readSize(h),
    offset: dataOffset,
    type: flag === "0" || flag === "\u0000" ? "file" : "other",
  };
}

function readSize(h: Buffer): number {
  if ((h[124]! & 0x80) === 0) return Number.parseInt(text(h, 124, 12).trim() || "0", 8);
  let size = 0;
  for (let i = 125; i < 136; i++) size = size * 256 + h[i]!;
  return size;
}

function text(h: Buffer, at: number, width: number): string {
  const field = h.subarray(at, at + width);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? width : end).toString("utf8");
}
