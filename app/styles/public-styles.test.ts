import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The public pages' inline stylesheet is built from the classes of app/ less the console's folders (app/app.css).
 * That is whole only while no module outside those folders renders a console component: a class that only a
 * console file names would then be missing on a public page. The console's own stylesheet has every class.
 */
const APP = path.resolve(import.meta.dirname, "..");
const CONSOLE_FOLDERS = [path.join(APP, "components", "admin"), path.join(APP, "routes", "admin")];
const inConsole = (file: string) => CONSOLE_FOLDERS.some((folder) => file.startsWith(`${folder}${path.sep}`));

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** Where an import specifier of `file` points inside app/, or undefined for a package or another folder. */
function target(file: string, specifier: string): string | undefined {
  if (specifier.startsWith("~/")) return path.join(APP, specifier.slice(2));
  if (specifier.startsWith(".")) return path.resolve(path.dirname(file), specifier);
  return undefined;
}

describe("the public stylesheet's sources", () => {
  it("no public module imports a console module", () => {
    const crossings: string[] = [];
    for (const file of sources(APP).filter((f) => !inConsole(f))) {
      for (const [, specifier] of fs.readFileSync(file, "utf8").matchAll(/(?:from|import)\s*\(?\s*"([^"]+)"/g)) {
        const to = target(file, specifier as string);
        if (to && inConsole(to)) crossings.push(`${path.relative(APP, file)} imports ${specifier}`);
      }
    }
    expect(crossings).toEqual([]);
  });

  it("finds a crossing where there is one", () => {
    expect(inConsole(target(path.join(APP, "components", "video", "X.tsx"), "../admin/console-ui") as string)).toBe(true);
    expect(inConsole(target(path.join(APP, "root.tsx"), "~/routes/admin/layout") as string)).toBe(true);
    expect(target(path.join(APP, "root.tsx"), "react-router")).toBeUndefined();
  });
});
