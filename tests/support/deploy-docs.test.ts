import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EnvError, parseEnv, unsafeCombinations } from "../../server/env";
import { operationsDoc, parseEnvironmentFile, runDocumentedBlock, testedBlock } from "./operations-doc";

// docs/operations.md "Running it" on Debian 12, checked here without touching this machine's /etc: the settings
// steps run as written against a temporary /etc/pleazure, and the unit files in docs/deploy/ are read (no systemd
// runs here) for what they start and where data goes.

const REPO = process.cwd();
const DEPLOY = path.join(REPO, "docs/deploy");
const RELEASE = "/srv/pleazure";
const ENV_FILE = "/etc/pleazure/pleazure.env";
const PACKAGE = JSON.parse(fs.readFileSync(path.join(REPO, "package.json"), "utf8")) as { devDependencies: Record<string, string> };

const temporary: string[] = [];
function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  temporary.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of temporary) fs.rmSync(dir, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------------------------
// systemd units

interface Unit {
  name: string;
  /** Values by `Section.Key`, in order (Environment= and the like may repeat). */
  values: Map<string, string[]>;
}

function readUnit(name: string): Unit {
  const values = new Map<string, string[]>();
  let section = "";
  for (const line of fs.readFileSync(path.join(DEPLOY, name), "utf8").split("\n")) {
    const header = /^\[(\w+)\]$/.exec(line);
    if (header) section = header[1]!;
    const entry = /^(\w+)=(.*)$/.exec(line);
    if (entry) values.set(`${section}.${entry[1]}`, [...(values.get(`${section}.${entry[1]}`) ?? []), entry[2]!]);
  }
  return { name, values };
}

const one = (unit: Unit, key: string): string => {
  const v = unit.values.get(key);
  if (v?.length !== 1) throw new Error(`${unit.name}: expected one ${key}=, found ${v?.length ?? 0}`);
  return v[0]!;
};

/** Environment= of a unit, with %i as `instance`. */
function unitEnvironment(unit: Unit, instance = "3000"): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const line of unit.values.get("Service.Environment") ?? []) {
    for (const pair of line.split(/\s+/).filter(Boolean)) {
      const [k, ...v] = pair.split("=");
      vars[k!] = v.join("=").replaceAll("%i", instance);
    }
  }
  return vars;
}

const UNIT_FILES = fs.readdirSync(DEPLOY).filter((f) => f.endsWith(".service"));
const units = () => UNIT_FILES.map(readUnit);

describe("the systemd units in docs/deploy", () => {
  it("are the three the document names: one instance, one per port (template), the job worker", () => {
    expect(UNIT_FILES.sort()).toEqual(["pleazure-worker.service", "pleazure.service", "pleazure@.service"]);
    // Every docs/deploy file the document or the units mention exists.
    const mentioned = [operationsDoc(), ...UNIT_FILES.map((f) => fs.readFileSync(path.join(DEPLOY, f), "utf8"))]
      .join("\n")
      .match(/docs\/deploy\/[\w@.-]*\w/g);
    for (const file of new Set(mentioned)) expect(fs.existsSync(path.join(REPO, file)), file).toBe(true);
  });

  it("run the release's own Node 24, which npm ci installs (WorkingDirectory as this checkout)", () => {
    for (const unit of units()) {
      expect(one(unit, "Service.WorkingDirectory"), unit.name).toBe(RELEASE);
      const [binary, ...args] = one(unit, "Service.ExecStart").split(/\s+/);
      expect(binary!.startsWith(`${RELEASE}/node_modules/`), `${unit.name}: ${binary}`).toBe(true);
      expect(args[0]).toBe("server.js");
      const local = path.join(REPO, path.relative(RELEASE, binary!));
      fs.accessSync(local, fs.constants.X_OK);
      const head = Buffer.alloc(4);
      const fd = fs.openSync(local, "r");
      fs.readSync(fd, head, 0, 4, 0);
      fs.closeSync(fd);
      expect(head.toString("latin1"), `${local} is an executable, not a script`).toBe("\x7fELF");
      expect(execFileSync(local, ["--version"], { encoding: "utf8" }).trim()).toBe(`v${PACKAGE.devDependencies.node}`);
      expect(PACKAGE.devDependencies.node).toMatch(/^24\./);
    }
    // Step 1 runs npm on that same version of Node.js.
    expect(/^NODE_VERSION=(v[\d.]+)$/m.exec(operationsDoc())?.[1]).toBe(`v${PACKAGE.devDependencies.node}`);
  });

  it.skipIf(spawnSync("systemd-analyze", ["--version"]).status !== 0)(
    "pass systemd-analyze verify (no unknown setting; the template instantiated), with the release at this checkout",
    () => {
      const dir = tempDir("pleazure-units-");
      for (const file of UNIT_FILES) {
        fs.writeFileSync(path.join(dir, file), fs.readFileSync(path.join(DEPLOY, file), "utf8").replaceAll(RELEASE, REPO));
      }
      const names = ["pleazure.service", "pleazure@3000.service", "pleazure-worker.service"].map((f) => path.join(dir, f));
      const verify = spawnSync("systemd-analyze", ["verify", ...names], { encoding: "utf8" });
      expect(verify.stderr).toBe("");
      expect(verify.status).toBe(0);
    },
  );

  it("tell one DATA_DIR story: one per unit (per port for the template), one shared media folder mounted in each", () => {
    const [single, template, worker] = ["pleazure.service", "pleazure@.service", "pleazure-worker.service"].map(readUnit) as [
      Unit,
      Unit,
      Unit,
    ];
    const dataDirs = [
      unitEnvironment(single),
      unitEnvironment(template, "3000"),
      unitEnvironment(template, "3001"),
      unitEnvironment(worker),
    ].map((e) => e.DATA_DIR!);
    expect(new Set(dataDirs).size, dataDirs.join(" ")).toBe(4);
    expect(unitEnvironment(template, "3001")).toMatchObject({ PORT: "3001" });
    const media = `${unitEnvironment(single).DATA_DIR}/media`;
    for (const [unit, dataDir] of [
      [single, dataDirs[0]],
      [template, dataDirs[1]],
      [worker, dataDirs[3]],
    ] as const) {
      // systemd makes DATA_DIR (and the media folder) for User= under /var/lib.
      const made = one(unit, "Service.StateDirectory")
        .replaceAll("%i", "3000")
        .split(/\s+/)
        .map((d) => `/var/lib/${d}`);
      expect(made, unit.name).toContain(dataDir);
      if (unit === single) continue;
      expect(made, unit.name).toContain(media);
      expect(one(unit, "Service.BindPaths").replaceAll("%i", "3000"), unit.name).toBe(`${media}:${dataDir}/media`);
    }
    // The document's "Several instances" table says the same.
    expect(operationsDoc()).toContain(`\`${unitEnvironment(template, "<port>").DATA_DIR}\` in \`pleazure@.service\``);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The settings file

/** The variables docs/operations.md "Several instances" calls required ("| `NAME` | required: …"). */
function documentedRequired(): string[] {
  return [...operationsDoc().matchAll(/^\| `(\w+)` \| required\b/gm)].map((m) => m[1]!);
}

describe("the settings, step 4 of docs/operations.md", () => {
  let etc: string;
  let installed: Record<string, string>;
  beforeAll(() => {
    etc = tempDir("pleazure-etc-");
    const run = runDocumentedBlock(testedBlock("settings"), { paths: { "/etc/pleazure": etc, [RELEASE]: REPO } });
    if (run.status !== 0) throw new Error(`the settings steps failed (${run.status}):\n${run.stderr}\n${run.script}`);
    const file = path.join(etc, path.basename(ENV_FILE));
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    installed = parseEnvironmentFile(fs.readFileSync(file, "utf8"));
  });

  it("are the file every unit reads, with a fresh APP_SECRET", () => {
    for (const unit of units()) expect(one(unit, "Service.EnvironmentFile"), unit.name).toBe(ENV_FILE);
    expect(installed.APP_SECRET).toMatch(/^[0-9a-f]{64}$/);
    expect(parseEnvironmentFile(fs.readFileSync(path.join(DEPLOY, "pleazure.env"), "utf8")).APP_SECRET).toBe("");
  });

  it("hold every variable the document calls required, which are those the app requires", () => {
    const required = documentedRequired();
    const byApp = unsafeCombinations(parseEnv({ NODE_ENV: "production", DATABASE_URL: installed.DATABASE_URL }), {
      NODE_ENV: "production",
      DATABASE_URL: installed.DATABASE_URL,
    }).map((line) => line.split(" ")[0]!);
    expect(required.sort()).toEqual(byApp.sort());
    for (const name of ["DATABASE_URL", ...required]) expect(installed[name], name).toBeTruthy();
  });

  it("pass the app's start-up checks with each unit's own variables; the file as shipped (no APP_SECRET) does not", () => {
    for (const unit of units()) {
      const vars = { ...installed, ...unitEnvironment(unit) };
      expect(unsafeCombinations(parseEnv(vars), vars), unit.name).toEqual([]);
    }
    const shipped = { ...parseEnvironmentFile(fs.readFileSync(path.join(DEPLOY, "pleazure.env"), "utf8")), PORT: "3000" };
    expect(() => parseEnv(shipped)).toThrow(EnvError);
    expect(() => parseEnv(shipped)).toThrow(/APP_SECRET/);
  });

  it("name the database step 3 makes (socket, role, database) and the certificate files step 5 installs", () => {
    const doc = operationsDoc();
    const role = /^runuser -u postgres -- createuser (\w+)$/m.exec(doc)?.[1];
    const [, owner, database] = /^runuser -u postgres -- createdb --owner=(\w+) (\w+)$/m.exec(doc) ?? [];
    // As node-postgres reads it (a client is not connected until asked).
    const client = new pg.Client({ connectionString: installed.DATABASE_URL });
    expect({ host: client.host, user: client.user, database: client.database }).toEqual({ host: "/run/postgresql", user: role, database });
    expect(owner).toBe(role);

    const recipe = testedBlock("c2pa-certificate");
    for (const name of ["C2PA_SIGNING_KEY", "C2PA_CERTIFICATE"]) {
      const file = installed[name]!;
      expect(path.dirname(file), name).toBe("/etc/pleazure/c2pa");
      expect(recipe, `the recipe makes ${path.basename(file)}`).toMatch(
        new RegExp(`-out ${path.basename(file).replace(".", "\\.")}$`, "m"),
      );
      expect(doc, `step 5 installs ${path.basename(file)}`).toMatch(
        new RegExp(`^install .*/root/c2pa/${path.basename(file)}\\b.* /etc/pleazure/c2pa/$`, "m"),
      );
    }
  });
});
