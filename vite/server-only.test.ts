import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { build } from "vite";
import { afterAll, describe, expect, it } from "vitest";
import { serverOnly } from "./server-only";

/** A tiny project: a browser entry, a shared helper, and a server/ folder. */
const root = fs.mkdtempSync(path.join(os.tmpdir(), "server-only-"));
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
};
write("server/db.js", 'export const secret = "pg";\n');
write("lib/format.js", "export const format = (n) => String(n);\n");
write("server-side-name/ok.js", "export const ok = 1;\n");

function buildBrowser(entry: string) {
  write("main.js", entry);
  return build({
    root,
    logLevel: "silent",
    configFile: false,
    plugins: [serverOnly(root)],
    build: { write: false, rollupOptions: { input: path.join(root, "main.js") } },
  });
}

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("serverOnly", () => {
  it("passes browser code that stays out of server/", async () => {
    await expect(
      buildBrowser('import { format } from "./lib/format.js";\nimport { ok } from "./server-side-name/ok.js";\nconsole.log(format(ok));\n'),
    ).resolves.toBeDefined();
  });

  it("fails the build when browser code imports a module under server/", async () => {
    await expect(buildBrowser('import { secret } from "./server/db.js";\nconsole.log(secret);\n')).rejects.toThrow(
      /Server-only module referenced by browser code: '\.\/server\/db\.js'/,
    );
  });

  it("also fails for a dynamic import", async () => {
    await expect(buildBrowser('import("./server/db.js").then(console.log);\n')).rejects.toThrow(/server\/db\.js/);
  });
});
