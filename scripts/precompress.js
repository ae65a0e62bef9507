// After `react-router build`: writes .br (brotli, maximum quality) and .gz (gzip -9) beside every text
// file of the client build, so the server sends build files compressed without compressing per request.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const TEXT = new Set([".js", ".mjs", ".css", ".html", ".svg", ".json", ".txt", ".xml", ".map", ".webmanifest"]);
const clientDir = path.resolve(process.env.BUILD_DIR ?? "build", "client");

let files = 0;
let raw = 0;
let brotli = 0;
for (const entry of fs.readdirSync(clientDir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !TEXT.has(path.extname(entry.name))) continue;
  const file = path.join(entry.parentPath, entry.name);
  const body = fs.readFileSync(file);
  const br = zlib.brotliCompressSync(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    },
  });
  const gz = zlib.gzipSync(body, { level: 9 });
  fs.writeFileSync(`${file}.br`, br);
  fs.writeFileSync(`${file}.gz`, gz);
  files++;
  raw += body.length;
  brotli += br.length;
}
console.log(`precompressed ${files} files: ${(raw / 1024).toFixed(1)} KB -> ${(brotli / 1024).toFixed(1)} KB brotli`);
