import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readTarEntry, readTarIndex, TarFormatError, TarWriter } from "./tar";

/** Our ustar archives are plain tar: GNU tar (Debian's) lists and extracts what we write, and we read what it writes. */

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pleazure-tar-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const longName = `media/videos/${"d".repeat(60)}/${"r".repeat(40)}/${"s".repeat(70)}.ts`; // over ustar's 100-byte name field
const files: [string, Buffer][] = [
  ["manifest-first.json", Buffer.from('{"a":1}\n')],
  ["media/empty.vtt", Buffer.alloc(0)],
  ["media/one-block.bin", crypto.randomBytes(512)],
  ["media/odd size ünïcode.bin", crypto.randomBytes(70_001)],
  [longName, crypto.randomBytes(1_025)],
];

async function collect(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

describe("tar archives", () => {
  it("writes entries GNU tar lists and extracts byte for byte, and reads them back by offset", async () => {
    const archive = path.join(tmp, "ours.tar");
    const writer = await TarWriter.create(archive);
    for (const [name, data] of files) {
      const sha = await writer.addBuffer(name, data);
      expect(sha).toBe(crypto.createHash("sha256").update(data).digest("hex"));
    }
    await writer.close();

    expect(execFileSync("tar", ["tf", archive], { encoding: "utf8" }).trim().split("\n")).toEqual(files.map(([name]) => name));
    const out = path.join(tmp, "extracted");
    fs.mkdirSync(out);
    execFileSync("tar", ["xf", archive, "-C", out]);
    for (const [name, data] of files) expect(fs.readFileSync(path.join(out, name)).equals(data), name).toBe(true);

    const index = await readTarIndex(archive);
    for (const [name, data] of files) expect((await collect(readTarEntry(archive, index.get(name)!))).equals(data), name).toBe(true);
  });

  it("reads an archive GNU tar wrote", async () => {
    const dir = path.join(tmp, "gnu-src");
    fs.mkdirSync(path.join(dir, "sub"), { recursive: true });
    fs.writeFileSync(path.join(dir, "sub", "a.txt"), "alpha");
    const archive = path.join(tmp, "gnu.tar");
    execFileSync("tar", ["--format=ustar", "-cf", archive, "-C", dir, "sub"]);
    const index = await readTarIndex(archive);
    expect([...index.keys()]).toEqual(["sub/a.txt"]); // the directory entry is not a file
    expect((await collect(readTarEntry(archive, index.get("sub/a.txt")!))).toString()).toBe("alpha");
  });

  it("reads sizes in GNU's base-256 form (how entries of 8 GiB and more are written), as GNU tar does", async () => {
    const archive = path.join(tmp, "base256.tar");
    const writer = await TarWriter.create(archive);
    await writer.addBuffer("big.bin", Buffer.from("twelve bytes"));
    await writer.close();
    // The same 12 bytes' size in base-256 (high bit, then big-endian), and the header's checksum again.
    const bytes = fs.readFileSync(archive);
    bytes.fill(0, 124, 136);
    bytes[124] = 0x80;
    bytes[135] = 12;
    bytes.fill(" ", 148, 156);
    const sum = bytes.subarray(0, 512).reduce((n, b) => n + b, 0);
    bytes.write(`${sum.toString(8).padStart(6, "0")}\u0000 `, 148, "ascii");
    fs.writeFileSync(archive, bytes);
    expect(execFileSync("tar", ["tvf", archive], { encoding: "utf8" })).toMatch(/ 12 .* big\.bin/);
    const entry = (await readTarIndex(archive)).get("big.bin")!;
    expect(entry.size).toBe(12);
    expect((await collect(readTarEntry(archive, entry))).toString()).toBe("twelve bytes");
  });

  it("refuses what is not a whole archive: another file, or one cut short", async () => {
    const notTar = path.join(tmp, "not.tar");
    fs.writeFileSync(notTar, "x".repeat(4096));
    await expect(readTarIndex(notTar)).rejects.toThrow(TarFormatError);
    const whole = fs.readFileSync(path.join(tmp, "ours.tar"));
    const cut = path.join(tmp, "cut.tar");
    fs.writeFileSync(cut, whole.subarray(0, 2048));
    await expect(readTarIndex(cut)).rejects.toThrow(/ends (early|inside)/);
  });

  it("refuses an entry whose body is not the size its header promised", async () => {
    const writer = await TarWriter.create(path.join(tmp, "short.tar"));
    await expect(writer.add("x.bin", 10, [Buffer.alloc(4)])).rejects.toThrow(/expected 10 bytes, read 4/);
    await writer.abandon();
  });
});
