import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STREAM_CREDENTIALS_FILE } from "../../../core/content-credentials";
import { runDocumentedBlock, testedBlock } from "../../../tests/support/operations-doc";
import { parseEnv } from "../../env";
import { addContentCredentials, credentialsView } from "../content-credentials";
import { readManifest } from "./sdk";
import { type ContentSigner, loadContentSigner } from "./signer";

// docs/operations.md "Running it", step 5: the openssl recipe for C2PA_SIGNING_KEY and C2PA_CERTIFICATE, run as
// written with Debian's openssl (in a temporary folder instead of /root/c2pa). What it makes must be what the app
// accepts: loaded as the app loads the configured files, used by the publishing pipeline, verified by c2pa-rs.
let recipe: string;
let dataDir: string;
let video: string;
let signer: ContentSigner;

beforeAll(async () => {
  execFileSync("bash", ["scripts/ensure-debian-tools.sh", "openssl"], { stdio: "inherit" });
  recipe = fs.mkdtempSync(path.join(os.tmpdir(), "c2pa-recipe-"));
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "c2pa-recipe-data-"));
  video = fs.mkdtempSync(path.join(os.tmpdir(), "c2pa-recipe-video-"));
  const run = runDocumentedBlock(testedBlock("c2pa-certificate"), { paths: { "/root/c2pa": recipe } });
  if (run.status !== 0) throw new Error(`the recipe failed (${run.status}):\n${run.stderr}\n${run.script}`);

  // A folder shaped like the pipeline's output (as content-credentials.test.ts makes it).
  fs.mkdirSync(path.join(video, "480p"));
  fs.writeFileSync(path.join(video, "master.m3u8"), "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\n480p/index.m3u8\n");
  fs.writeFileSync(path.join(video, "480p", "index.m3u8"), "#EXTM3U\n#EXTINF:2,\nseg_000.ts\n");
  fs.writeFileSync(path.join(video, "480p", "seg_000.ts"), Buffer.alloc(188 * 4, 0x47));
  await sharp({ create: { width: 64, height: 36, channels: 3, background: "#533" } })
    .jpeg()
    .toFile(path.join(video, "poster.jpg"));
});

afterAll(() => {
  for (const d of [recipe, dataDir, video]) if (d) fs.rmSync(d, { recursive: true, force: true });
});

const file = (name: string) => path.join(recipe, name);

describe("the documented C2PA certificate recipe", () => {
  it("makes a key and certificate the app loads as C2PA_SIGNING_KEY / C2PA_CERTIFICATE", () => {
    const configured = parseEnv({ C2PA_SIGNING_KEY: file("signer.key"), C2PA_CERTIFICATE: file("signer.pem") });
    signer = loadContentSigner(dataDir, configured);
    expect(signer.development).toBe(false);
    expect(signer.chain).toHaveLength(1);
    const leaf = new crypto.X509Certificate(signer.chain[0]!);
    const ca = new crypto.X509Certificate(fs.readFileSync(file("ca.pem")));
    expect(leaf.checkIssued(ca)).toBe(true);
    expect(leaf.verify(ca.publicKey)).toBe(true);
    expect(leaf.ca).toBe(false);
    // Nothing was generated in DATA_DIR: the configured files were used.
    expect(fs.existsSync(path.join(dataDir, "content-credentials"))).toBe(false);
  });

  it("signs a video's poster and stream that c2pa-rs finds intact, and trusted by a verifier given ca.pem", async () => {
    await addContentCredentials(video, "Recipe", signer);
    const ca = fs.readFileSync(file("ca.pem"), "utf8");
    for (const [name, format] of [
      ["poster.jpg", "image/jpeg"],
      [STREAM_CREDENTIALS_FILE, "image/png"],
    ] as const) {
      const bytes = fs.readFileSync(path.join(video, name));
      const intact = await readManifest(bytes, format);
      expect(intact?.failure, name).toEqual([]);
      expect(intact?.validationState, name).toBe("Valid");
      expect(intact?.success.map((s) => s.code)).toEqual(
        expect.arrayContaining(["claimSignature.validated", "claimSignature.insideValidity"]),
      );
      const trusted = await readManifest(bytes, format, ca);
      expect(trusted?.failure, name).toEqual([]);
      expect(trusted?.validationState, name).toBe("Trusted");
      expect(trusted?.success.map((s) => s.code)).toContain("signingCredential.trusted");
    }
    const view = credentialsView(
      "Poster image",
      "/p.jpg",
      await readManifest(fs.readFileSync(path.join(video, "poster.jpg")), "image/jpeg"),
    );
    expect(view).toMatchObject({ signatureValid: true, development: false });
    expect(view.signer).toMatch(/Example Ltd/);
  });
});
