import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STREAM_ASSERTION, STREAM_CREDENTIALS_FILE, TRAINED_ALGORITHMIC_MEDIA } from "../../core/content-credentials";
import { parseEnv } from "../env";
import { readManifest } from "./c2pa/sdk";
import { ContentSignerError, loadContentSigner } from "./c2pa/signer";
import { addContentCredentials, credentialsView } from "./content-credentials";

// Signs a folder shaped like the pipeline's output, then reads both manifests back with the same library.
let dir: string;
let dataDir: string;
const env = parseEnv({});

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "c2pa-data-"));
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "c2pa-video-"));
  fs.mkdirSync(path.join(dir, "480p"));
  fs.writeFileSync(path.join(dir, "master.m3u8"), "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\n480p/index.m3u8\n");
  fs.writeFileSync(path.join(dir, "480p", "index.m3u8"), "#EXTM3U\n#EXTINF:2,\nseg_000.ts\n#EXTINF:2,\nseg_001.ts\n");
  fs.writeFileSync(path.join(dir, "480p", "seg_000.ts"), Buffer.alloc(188 * 4, 0x47));
  fs.writeFileSync(path.join(dir, "480p", "seg_001.ts"), Buffer.alloc(188 * 4, 0x48));
  await sharp({ create: { width: 64, height: 36, channels: 3, background: "#335" } })
    .jpeg()
    .toFile(path.join(dir, "poster.jpg"));
  await addContentCredentials(dir, "Aurora", loadContentSigner(dataDir, env));
});
afterAll(() => {
  for (const d of [dir, dataDir]) fs.rmSync(d, { recursive: true, force: true });
});

/** The development CA from the generated file, as a verifier would be given it (a trust anchor). */
function developmentCa(): string {
  const pem = fs.readFileSync(path.join(dataDir, "content-credentials", "development.pem"), "utf8");
  return pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g)![1]!;
}

describe("content credentials", () => {
  it("embeds a signed manifest in the poster stating trainedAlgorithmicMedia", async () => {
    const report = await readManifest(fs.readFileSync(path.join(dir, "poster.jpg")), "image/jpeg");
    expect(report).toBeDefined();
    const actions = report!.manifest.assertions?.find((a) => a.label === "c2pa.actions.v2")?.data as {
      actions: { action: string; digitalSourceType: string }[];
    };
    expect(actions.actions[0]).toMatchObject({ action: "c2pa.created", digitalSourceType: TRAINED_ALGORITHMIC_MEDIA });
    // The signature and the hash of the image check out; the development certificate is on no trust list.
    const codes = report!.success.map((s) => s.code);
    expect(codes).toEqual(
      expect.arrayContaining(["claimSignature.validated", "claimSignature.insideValidity", "assertion.dataHash.match"]),
    );
    expect(report!.failure).toEqual([]);
    expect(report!.validationState).toBe("Valid");
    const view = credentialsView("Poster image", "/p.jpg", report);
    expect(view).toMatchObject({ signatureValid: true, development: true, digitalSourceType: TRAINED_ALGORITHMIC_MEDIA });
    expect(view.signer).toMatch(/DEVELOPMENT/);
  });

  it("is trusted by a verifier given the development CA as anchor, and by no one else", async () => {
    const poster = fs.readFileSync(path.join(dir, "poster.jpg"));
    const trusted = await readManifest(poster, "image/jpeg", developmentCa());
    expect(trusted!.validationState).toBe("Trusted");
    expect(trusted!.success.map((s) => s.code)).toContain("signingCredential.trusted");
    const other = await readManifest(poster, "image/jpeg", otherCa());
    expect(other!.failure.map((f) => f.code)).toContain("signingCredential.untrusted");
  });

  it("notices a changed image: the signature still verifies, the hash does not", async () => {
    const poster = Buffer.from(fs.readFileSync(path.join(dir, "poster.jpg")));
    poster.writeUInt8(poster.readUInt8(poster.length - 10) ^ 0xff, poster.length - 10);
    const report = await readManifest(poster, "image/jpeg");
    expect(report!.failure.map((f) => f.code)).toContain("assertion.dataHash.mismatch");
    expect(report!.validationState).toBe("Invalid");
  });

  it("writes the stream's sidecar naming every playlist and segment by SHA-256", async () => {
    const report = await readManifest(fs.readFileSync(path.join(dir, STREAM_CREDENTIALS_FILE)), "image/png");
    expect(report!.validationState).toBe("Valid");
    expect(report!.success.map((s) => s.code)).toContain("claimSignature.validated");
    const stream = report!.manifest.assertions?.find((a) => a.label === STREAM_ASSERTION)?.data as {
      files: { path: string; sha256: string }[];
    };
    expect(stream.files.map((f) => f.path)).toEqual(["master.m3u8", "480p/index.m3u8", "480p/seg_000.ts", "480p/seg_001.ts"]);
    for (const f of stream.files) {
      expect(f.sha256).toBe(
        crypto
          .createHash("sha256")
          .update(fs.readFileSync(path.join(dir, f.path)))
          .digest("hex"),
      );
    }
  });

  it("finds no manifest in an unsigned image", async () => {
    const plain = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
      .jpeg()
      .toBuffer();
    expect(await readManifest(plain, "image/jpeg")).toBeUndefined();
  });
});

describe("the signer", () => {
  it("keeps the development certificate it generated once", () => {
    const a = loadContentSigner(dataDir, env);
    const b = loadContentSigner(dataDir, env);
    expect(a.development).toBe(true);
    expect(a.chain[0]!.equals(b.chain[0]!)).toBe(true);
    const leaf = new crypto.X509Certificate(a.chain[0]!);
    expect(leaf.subject).toMatch(/DEVELOPMENT/);
    expect(leaf.ca).toBe(false);
    expect(leaf.verify(new crypto.X509Certificate(developmentCa()).publicKey)).toBe(true);
  });

  it("uses the configured key and certificate, and refuses a key that is not the certificate's", () => {
    const other = fs.mkdtempSync(path.join(os.tmpdir(), "c2pa-other-"));
    try {
      const pem = fs.readFileSync(path.join(dataDir, "content-credentials", "development.pem"), "utf8");
      fs.writeFileSync(path.join(other, "key.pem"), pem.match(/-----BEGIN PRIVATE KEY-----[\s\S]+?-----END PRIVATE KEY-----/)![0]);
      fs.writeFileSync(path.join(other, "cert.pem"), pem);
      const configured = parseEnv({ C2PA_SIGNING_KEY: path.join(other, "key.pem"), C2PA_CERTIFICATE: path.join(other, "cert.pem") });
      const signer = loadContentSigner(other, configured);
      expect(signer.development).toBe(false);
      expect(signer.chain).toHaveLength(2);
      const foreignKey = crypto.generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey.export({ type: "pkcs8", format: "pem" });
      fs.writeFileSync(path.join(other, "key.pem"), foreignKey);
      expect(() => loadContentSigner(other, configured)).toThrow(ContentSignerError);
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
  });

  it("is configured with both settings or neither", () => {
    expect(() => parseEnv({ C2PA_SIGNING_KEY: "/k.pem" })).toThrow(/C2PA_CERTIFICATE/);
  });
});

/** A CA that signed nothing here. */
function otherCa(): string {
  const dir2 = fs.mkdtempSync(path.join(os.tmpdir(), "c2pa-ca-"));
  try {
    loadContentSigner(dir2, env);
    const pem = fs.readFileSync(path.join(dir2, "content-credentials", "development.pem"), "utf8");
    return pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g)![1]!;
  } finally {
    fs.rmSync(dir2, { recursive: true, force: true });
  }
}
