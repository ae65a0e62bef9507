import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { build } from "vite";
import { afterAll, describe, expect, it } from "vitest";
import { replaceModules } from "./replace-modules";

/** A tiny server: an entry using a service through a route, and a test module wrapping that service. */
const root = fs.mkdtempSync(path.join(os.tmpdir(), "replace-modules-"));
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
};
write("server/service.js", 'export function list() { return "real list"; }\nexport const other = "other";\n');
write("server/route.js", 'import { list, other } from "./service.js";\nexport const answer = () => [list(), other];\n');
write("server/entry.js", 'export { answer } from "./route.js";\nexport { list } from "./service.js";\n');
write(
  "test/service.js",
  'import * as real from "../server/service.js";\nexport * from "../server/service.js";\nexport const list = () => "wrapped " + real.list();\n',
);

async function bundle(replacements: Record<string, string>): Promise<string> {
  const output = (await build({
    root,
    logLevel: "silent",
    configFile: false,
    plugins: [replaceModules(replacements, root)],
    build: { write: false, ssr: path.join(root, "server/entry.js") },
  })) as { output: { code?: string }[] };
  const file = path.join(root, "out.mjs");
  fs.writeFileSync(file, output.output.map((o) => o.code ?? "").join("\n"));
  return file;
}

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("replaceModules", () => {
  it("gives every importer the replacement, which still reaches the original", async () => {
    const mod = await import(`${await bundle({ "server/service.js": "test/service.js" })}?a`);
    expect(mod.answer()).toEqual(["wrapped real list", "other"]);
    expect(mod.list()).toBe("wrapped real list");
  });

  it("changes nothing without replacements", async () => {
    const mod = await import(`${await bundle({})}?b`);
    expect(mod.answer()).toEqual(["real list", "other"]);
  });

  it("fails the build when a module of the table does not exist", async () => {
    await expect(bundle({ "server/renamed.js": "test/service.js" })).rejects.toThrow(/replaceModules: no server\/renamed\.js/);
  });
});
