import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { dataDir, env } from "../../env";
import { createFileOnce } from "../../secrets";
import { DEVELOPMENT_ORGANIZATION, makeDevelopmentChain } from "./dev-certificate";

/** The key and certificates content credentials are signed with (ES256 only: see cose.ts). */
export interface ContentSigner {
  key: crypto.KeyObject;
  /** DER, signing certificate first, then any intermediates; sent in every signature (x5chain). */
  chain: Buffer[];
  /** True for the certificate this app generated itself: it proves nothing about who signed. */
  development: boolean;
}

/** Unusable signing settings: the server refuses to start (server/runtime/startup-check.ts). */
export class ContentSignerError extends Error {}

let cached: { dir: string; signer: ContentSigner } | undefined;

/**
 * The configured signer: C2PA_SIGNING_KEY + C2PA_CERTIFICATE (PEM files) when set, else a development chain
 * in DATA_DIR/content-credentials/development.pem, generated on first start (the primary does it before any
 * worker forks, like the app secret) and reused after. One file holds key and certificates so that it appears
 * whole or not at all (createFileOnce).
 */
export function contentSigner(): ContentSigner {
  const dir = dataDir();
  if (cached?.dir !== dir) cached = { dir, signer: loadContentSigner(dir) };
  return cached.signer;
}

export function loadContentSigner(dir = dataDir(), e = env()): ContentSigner {
  if (e.C2PA_SIGNING_KEY && e.C2PA_CERTIFICATE) {
    return checked(readPem(e.C2PA_SIGNING_KEY, "C2PA_SIGNING_KEY"), readPem(e.C2PA_CERTIFICATE, "C2PA_CERTIFICATE"), false);
  }
  const file = path.join(dir, "content-credentials", "development.pem");
  if (!fs.existsSync(file)) createDevelopmentFile(file);
  const pem = readPem(file, file);
  return checked(pem, pem, true);
}

function readPem(file: string, name: string): string {
  try {
    return fs.readFileSync(file, "utf8");
  } catch (err) {
    throw new ContentSignerError(`${name}: cannot read ${file}: ${(err as Error).message}`);
  }
}

function createDevelopmentFile(file: string): void {
  const chain = makeDevelopmentChain();
  const note = `# DEVELOPMENT content credentials signer made by this app on first start (${DEVELOPMENT_ORGANIZATION}).\n# Not trusted by anyone: set C2PA_SIGNING_KEY and C2PA_CERTIFICATE for a real one.\n`;
  createFileOnce(file, note + chain.privateKey + chain.certificates);
}

const CERTIFICATE_PEM = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;
const KEY_PEM = /-----BEGIN (?:EC )?PRIVATE KEY-----[\s\S]+?-----END (?:EC )?PRIVATE KEY-----/;

/** Refuses what c2pa would sign with but no verifier accept: a key that is not P-256 or not the certificate's. */
function checked(keyPem: string, certificatesPem: string, development: boolean): ContentSigner {
  const source = development ? "the development signer" : "C2PA_SIGNING_KEY / C2PA_CERTIFICATE";
  const keyText = KEY_PEM.exec(keyPem)?.[0];
  if (!keyText) throw new ContentSignerError(`${source}: no PEM private key found`);
  let key: crypto.KeyObject;
  let certs: crypto.X509Certificate[];
  try {
    key = crypto.createPrivateKey(keyText);
    certs = (certificatesPem.match(CERTIFICATE_PEM) ?? []).map((p) => new crypto.X509Certificate(p));
  } catch (err) {
    throw new ContentSignerError(`${source}: unreadable: ${(err as Error).message}`);
  }
  if (!certs.length) throw new ContentSignerError(`${source}: no PEM certificate found`);
  if (key.asymmetricKeyType !== "ec" || key.asymmetricKeyDetails?.namedCurve !== "prime256v1") {
    throw new ContentSignerError(`${source}: the key must be an EC P-256 key (ES256)`);
  }
  const leaf = certs[0]!;
  if (!leaf.checkPrivateKey(key)) throw new ContentSignerError(`${source}: the first certificate is not the key's`);
  if (Date.parse(leaf.validTo) < Date.now()) throw new ContentSignerError(`${source}: the certificate expired on ${leaf.validTo}`);
  // The development CA stays out of the signature: it is a trust anchor, not part of the chain a verifier is sent.
  const chain = (development ? [leaf] : certs).map((c) => c.raw);
  return { key, chain, development };
}
