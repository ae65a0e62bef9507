import { execFileSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EnvError, parseEnv, unsafeCombinations } from "../../server/env";
import { freeLoopbackPort } from "../../server/process";
import { operationsDoc, parseEnvironmentFile, runDocumentedBlock, testedBlock } from "./operations-doc";

// docs/operations.md "Running it" on Debian 12, checked here without touching this machine's /etc: the nginx steps
// run as written against a copy of Debian's nginx layout, the settings steps against a temporary /etc/pleazure,
// and the unit files in docs/deploy/ are read (no systemd runs here) for what they start and where data goes.

const REPO = process.cwd();
const DEPLOY = path.join(REPO, "docs/deploy");
const RELEASE = "/srv/pleazure";
const ENV_FILE = "/etc/pleazure/pleazure.env";
const PACKAGE = JSON.parse(fs.readFileSync(path.join(REPO, "package.json"), "utf8")) as { devDependencies: Record<string, string> };

const temporary: string[] = [];
function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, 0o755); // nginx's workers run as www-data when the tests run as root
  temporary.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of temporary) fs.rmSync(dir, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------------------------
// nginx

let nginx = "";
beforeAll(() => {
  execFileSync("bash", ["scripts/ensure-debian-tools.sh", "nginx"], { stdio: "inherit" });
  nginx = execFileSync("bash", ["-c", "command -v nginx"], { encoding: "utf8" }).trim();
}, 120_000);

/**
 * /etc/nginx as Debian's package leaves it (nginx.conf, the default site enabled, conf.d empty), copied under `dir`
 * with its absolute paths moved there, and `nginx` and `systemctl` on PATH acting on that copy.
 */
function debianNginx(dir: string): { etc: string; env: Record<string, string>; systemctlLog: string } {
  const site = "/etc/nginx/sites-available/default";
  if (
    !fs.existsSync("/etc/nginx/nginx.conf") ||
    !/^\s*listen 80 default_server;/m.test(fs.existsSync(site) ? fs.readFileSync(site, "utf8") : "")
  ) {
    throw new Error("this machine's /etc/nginx is not as Debian's nginx package installs it (nginx.conf, the default site on port 80)");
  }
  const etc = path.join(dir, "etc/nginx");
  fs.cpSync("/etc/nginx", etc, { recursive: true, verbatimSymlinks: true });
  for (const sub of ["conf.d", "sites-enabled"]) {
    fs.rmSync(path.join(etc, sub), { recursive: true, force: true });
    fs.mkdirSync(path.join(etc, sub));
  }
  fs.symlinkSync(path.join(etc, "sites-available/default"), path.join(etc, "sites-enabled/default"));
  fs.mkdirSync(path.join(dir, "log"));
  const moved: [RegExp, string][] = [
    [/\/etc\/nginx(?=\/)/g, etc],
    [/\/var\/log\/nginx(?=\/)/g, path.join(dir, "log")],
    [/\/run\/nginx\.pid/g, path.join(dir, "nginx.pid")],
  ];
  for (const file of ["nginx.conf", "sites-available/default"]) {
    const text = moved.reduce((t, [from, to]) => t.replace(from, to), fs.readFileSync(path.join(etc, file), "utf8"));
    fs.writeFileSync(path.join(etc, file), text);
  }
  const bin = path.join(dir, "bin");
  const systemctlLog = path.join(dir, "systemctl.log");
  fs.mkdirSync(bin);
  fs.writeFileSync(path.join(bin, "nginx"), `#!/bin/sh\nexec ${nginx} -p ${dir}/ -c ${etc}/nginx.conf -e ${dir}/log/error.log "$@"\n`, {
    mode: 0o755,
  });
  fs.writeFileSync(path.join(bin, "systemctl"), `#!/bin/sh\necho "$*" >> ${systemctlLog}\n`, { mode: 0o755 });
  return { etc, env: { PATH: `${bin}:${process.env.PATH}` }, systemctlLog };
}

/** The site files nginx.conf includes (conf.d/*.conf, sites-enabled/*), as paths to the files themselves. */
function includedSites(etc: string): string[] {
  const confd = fs.readdirSync(path.join(etc, "conf.d")).filter((f) => f.endsWith(".conf"));
  return [
    ...confd.map((f) => path.join(etc, "conf.d", f)),
    ...fs.readdirSync(path.join(etc, "sites-enabled")).map((f) => fs.realpathSync(path.join(etc, "sites-enabled", f))),
  ];
}

/**
 * Starts nginx on the layout with port 80 moved to a loopback port (IPv6 listens dropped) and the upstreams'
 * instances (127.0.0.1:3000, :3001) moved to `instances`; resolves once it answers.
 */
async function serve(dir: string, etc: string, instances: Record<string, number>) {
  const port = await freeLoopbackPort();
  for (const file of includedSites(etc)) {
    const text = fs
      .readFileSync(file, "utf8")
      .replace(/^\s*listen \[::\]:80\b[^;]*;\n/gm, "")
      .replace(/\blisten 80\b/g, `listen 127.0.0.1:${port}`)
      .replace(/\bserver 127\.0\.0\.1:(\d+)/g, (all, p: string) => (instances[p] ? `server 127.0.0.1:${instances[p]}` : all));
    fs.writeFileSync(file, text);
  }
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((name) => {
    const p = path.join(dir, "temp", name);
    fs.mkdirSync(p, { recursive: true });
    fs.chmodSync(p, 0o777);
    return `\t${name}_temp_path ${p};\n`;
  });
  const conf = path.join(etc, "nginx.conf");
  fs.writeFileSync(conf, fs.readFileSync(conf, "utf8").replace(/^http \{\n/m, `http {\n${temp.join("")}`));
  const child = spawn(nginx, ["-p", `${dir}/`, "-c", conf, "-e", path.join(dir, "log/error.log"), "-g", "daemon off;"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (d) => (stderr += d));
  const deadline = Date.now() + 10_000;
  while (
    !(await request(port, "localhost").then(
      () => true,
      () => false,
    ))
  ) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`nginx did not answer: ${stderr}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    port,
    stop: async () => {
      const exited = new Promise((r) => child.once("exit", r));
      if (child.exitCode === null) child.kill("SIGQUIT");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
    },
  };
}

/** GET `target` with exactly this Host header (and `extra` header lines), or an HTTP/1.0 request with none; the status and body. */
function request(port: number, host: string | undefined, target = "/", extra = ""): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let raw = "";
    socket.setEncoding("utf8");
    socket.on("data", (d) => (raw += d));
    socket.on("error", reject);
    socket.on("end", () =>
      resolve({ status: Number(/^HTTP\/1\.\d (\d{3})/.exec(raw)?.[1] ?? 0), body: raw.split("\r\n\r\n").slice(1).join("\r\n\r\n") }),
    );
    socket.write(
      host === undefined
        ? `GET ${target} HTTP/1.0\r\n${extra}\r\n`
        : `GET ${target} HTTP/1.1\r\nHost: ${host}\r\n${extra}Connection: close\r\n\r\n`,
    );
  });
}

/** Stand-ins for the two app instances of nginx-site.conf: they say who they are. */
let instances: http.Server[] = [];
let instancePorts: Record<string, number> = {};
beforeAll(async () => {
  instances = await Promise.all(
    ["3000", "3001"].map(
      (name) =>
        new Promise<http.Server>((resolve) => {
          // requireHostHeader off: the HTTP/1.0 request without a Host reaches it with an empty one, and the point here
          // is which server block of nginx answered.
          const server = http.createServer({ requireHostHeader: false }, (req, res) =>
            // `/country`: the country header as the instance received it (the proxy must not pass a client's on).
            res.end(req.url === "/country" ? `country=${req.headers["cf-ipcountry"] ?? "none"}` : `pleazure instance ${name}`),
          );
          server.listen(0, "127.0.0.1", () => resolve(server));
        }),
    ),
  );
  instancePorts = { "3000": (instances[0]!.address() as net.AddressInfo).port, "3001": (instances[1]!.address() as net.AddressInfo).port };
});
afterAll(async () => {
  await Promise.all(instances.map((s) => new Promise((r) => s.close(r))));
});

const HOSTS = ["example.com", "www.example.org", "localhost", "127.0.0.1", undefined];

describe("nginx, step 7 of docs/operations.md on Debian's layout", () => {
  it("the documented steps leave our site answering every request, whatever its Host", async () => {
    const dir = tempDir("pleazure-debian-nginx-");
    const { etc, env, systemctlLog } = debianNginx(dir);
    const run = runDocumentedBlock(testedBlock("nginx"), { paths: { "/etc/nginx": etc, [RELEASE]: REPO }, env });
    expect(run.status, `${run.stderr}\n${run.script}`).toBe(0);
    expect(run.stderr).toMatch(/test is successful/);
    expect(run.stderr).not.toMatch(/conflicting server name|\[emerg\]/);
    expect(fs.readFileSync(systemctlLog, "utf8")).toBe("reload nginx\n");
    expect(fs.existsSync(path.join(etc, "sites-enabled/default"))).toBe(false);
    expect(includedSites(etc).map((f) => fs.readFileSync(f, "utf8"))).toEqual([
      fs.readFileSync(path.join(DEPLOY, "nginx-site.conf"), "utf8"),
    ]);

    const proxy = await serve(dir, etc, instancePorts);
    try {
      for (const host of HOSTS) {
        const answer = await request(proxy.port, host);
        expect(answer.status, `Host: ${host}`).toBe(200);
        expect(answer.body, `Host: ${host}`).toMatch(/^pleazure instance 300[01]$/);
      }
      // A client's own country header never reaches the app (issue 32 item 6: age assurance fails closed).
      expect((await request(proxy.port, "example.com", "/country", "CF-IPCountry: US\r\n")).body).toBe("country=none");
    } finally {
      await proxy.stop();
    }
  });

  it("without removing Debian's default site, nginx -t passes with a warning and every request gets its page (the fault the steps fix)", async () => {
    const dir = tempDir("pleazure-debian-nginx-default-");
    const { etc, env } = debianNginx(dir);
    fs.copyFileSync(path.join(DEPLOY, "nginx-site.conf"), path.join(etc, "conf.d/pleazure.conf"));
    const check = spawnSync("nginx", ["-t"], { env: { ...process.env, ...env }, encoding: "utf8" });
    expect(check.status).toBe(0);
    expect(check.stderr).toMatch(/conflicting server name "_"/);

    const proxy = await serve(dir, etc, instancePorts);
    try {
      for (const host of HOSTS) {
        const answer = await request(proxy.port, host);
        expect(answer.body, `Host: ${host}`).not.toMatch(/pleazure instance/);
        if (fs.existsSync("/var/www/html/index.nginx-debian.html")) expect(answer.body, `Host: ${host}`).toMatch(/Welcome to nginx!/);
      }
    } finally {
      await proxy.stop();
    }
  });
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
