import crypto from "node:crypto";

/**
 * A development certificate chain for signing content credentials: an ES256 (P-256) CA and a signing
 * certificate issued by it, both named "NOT TRUSTED" so nobody mistakes them for a real signer. c2pa-rs
 * refuses self-signed signing certificates and checks the C2PA certificate profile (v3, digitalSignature key
 * usage, an allowed extended key usage, key identifiers), hence two certificates rather than one.
 *
 * The DER is written here (a few dozen lines over node:crypto) rather than with an X.509 library: the
 * well-kept one on npm (@peculiar/x509) needs a global reflect-metadata polyfill, which is more to carry than
 * this. node:crypto's X509Certificate reads the result back in the tests.
 */

const OID = {
  commonName: "2.5.4.3",
  organization: "2.5.4.10",
  ecPublicKey: "1.2.840.10045.2.1",
  ecdsaWithSha256: "1.2.840.10045.4.3.2",
  subjectKeyIdentifier: "2.5.29.14",
  keyUsage: "2.5.29.15",
  basicConstraints: "2.5.29.19",
  authorityKeyIdentifier: "2.5.29.35",
  extKeyUsage: "2.5.29.37",
  emailProtection: "1.3.6.1.5.5.7.3.4",
  documentSigning: "1.3.6.1.5.5.7.3.36",
} as const;

function tlv(tag: number, body: Buffer): Buffer {
  const n = body.length;
  const len = n < 0x80 ? Buffer.from([n]) : n < 0x100 ? Buffer.from([0x81, n]) : Buffer.from([0x82, n >> 8, n & 0xff]);
  return Buffer.concat([Buffer.from([tag]), len, body]);
}
const seq = (...items: Buffer[]) => tlv(0x30, Buffer.concat(items));
const set = (...items: Buffer[]) => tlv(0x31, Buffer.concat(items));
const octets = (b: Buffer) => tlv(0x04, b);
const bits = (b: Buffer, unused = 0) => tlv(0x03, Buffer.concat([Buffer.from([unused]), b]));
const bool = (v: boolean) => tlv(0x01, Buffer.from([v ? 0xff : 0]));
const utf8 = (s: string) => tlv(0x0c, Buffer.from(s, "utf8"));
const explicit = (n: number, b: Buffer) => tlv(0xa0 + n, b);

function integer(b: Buffer): Buffer {
  let i = 0;
  while (i < b.length - 1 && b[i] === 0) i++;
  const trimmed = b.subarray(i);
  return tlv(0x02, trimmed[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), trimmed]) : trimmed);
}

function oid(dotted: string): Buffer {
  const [a = 0, b = 0, ...rest] = dotted.split(".").map(Number);
  const out = [40 * a + b];
  for (const n of rest) {
    const chunk = [n & 0x7f];
    for (let v = n >>> 7; v > 0; v >>>= 7) chunk.unshift((v & 0x7f) | 0x80);
    out.push(...chunk);
  }
  return tlv(0x06, Buffer.from(out));
}

/** GeneralizedTime, which RFC 5280 allows for every date (UTCTime stops at 2049). */
function time(d: Date): Buffer {
  return tlv(0x18, Buffer.from(`${d.toISOString().replace(/[-:T]/g, "").slice(0, 14)}Z`, "ascii"));
}

function name(commonName: string, organization: string): Buffer {
  return seq(set(seq(oid(OID.organization), utf8(organization))), set(seq(oid(OID.commonName), utf8(commonName))));
}

const extension = (id: string, critical: boolean, value: Buffer) => seq(oid(id), ...(critical ? [bool(true)] : []), octets(value));

/** RFC 5280 method 1: SHA-1 of the subjectPublicKey bits. */
function keyId(publicKey: crypto.KeyObject): Buffer {
  const spki = publicKey.export({ type: "spki", format: "der" });
  return crypto
    .createHash("sha1")
    .update(spki.subarray(spki.length - 65))
    .digest(); // P-256: 65-byte point
}

interface Issue {
  subject: Buffer;
  issuer: Buffer;
  publicKey: crypto.KeyObject;
  issuerPublicKey: crypto.KeyObject;
  signingKey: crypto.KeyObject;
  ca: boolean;
  notAfter: Date;
}

function issue(p: Issue): Buffer {
  const algorithm = seq(oid(OID.ecdsaWithSha256));
  const extensions = p.ca
    ? [
        extension(OID.basicConstraints, true, seq(bool(true), integer(Buffer.from([0])))),
        extension(OID.keyUsage, true, bits(Buffer.from([0x06]), 1)), // keyCertSign, cRLSign
      ]
    : [
        extension(OID.basicConstraints, true, seq()),
        extension(OID.keyUsage, true, bits(Buffer.from([0x80]), 7)), // digitalSignature
        extension(OID.extKeyUsage, false, seq(oid(OID.emailProtection), oid(OID.documentSigning))),
        extension(OID.authorityKeyIdentifier, false, seq(tlv(0x80, keyId(p.issuerPublicKey)))),
      ];
  extensions.push(extension(OID.subjectKeyIdentifier, false, octets(keyId(p.publicKey))));
  const tbs = seq(
    explicit(0, integer(Buffer.from([2]))), // v3
    integer(Buffer.concat([Buffer.from([0x01]), crypto.randomBytes(15)])),
    algorithm,
    p.issuer,
    seq(time(new Date(Date.now() - 60_000)), time(p.notAfter)),
    p.subject,
    p.publicKey.export({ type: "spki", format: "der" }),
    explicit(3, seq(...extensions)),
  );
  return seq(tbs, algorithm, bits(crypto.sign("sha256", tbs, p.signingKey)));
}

export interface DevelopmentChain {
  /** PEM: the signing certificate first, then the CA. */
  certificates: string;
  /** PEM (PKCS#8) of the signing certificate's key. */
  privateKey: string;
}

/** The issuer every development certificate names, which the credentials page recognises and flags. */
export const DEVELOPMENT_ORGANIZATION = "pleazure DEVELOPMENT certificate - not a trusted signer";

const pem = (der: Buffer) =>
  `-----BEGIN CERTIFICATE-----\n${der.toString("base64").replace(/.{64}/g, "$&\n")}\n-----END CERTIFICATE-----\n`.replace("\n\n", "\n");

/** Makes a fresh development CA and signing certificate, valid for `years` years. */
export function makeDevelopmentChain(years = 10): DevelopmentChain {
  const notAfter = new Date(Date.now() + years * 365 * 24 * 3600 * 1000);
  const organization = DEVELOPMENT_ORGANIZATION;
  const caKeys = crypto.generateKeyPairSync("ec", { namedCurve: "P-256" });
  const leafKeys = crypto.generateKeyPairSync("ec", { namedCurve: "P-256" });
  const caName = name("pleazure DEVELOPMENT CA - NOT TRUSTED", organization);
  const common = { issuer: caName, issuerPublicKey: caKeys.publicKey, signingKey: caKeys.privateKey, notAfter };
  const caCert = issue({ ...common, subject: caName, publicKey: caKeys.publicKey, ca: true });
  const leafName = name("pleazure DEVELOPMENT content credentials signer - NOT TRUSTED", organization);
  const leafCert = issue({ ...common, subject: leafName, publicKey: leafKeys.publicKey, ca: false });
  return {
    certificates: pem(leafCert) + pem(caCert),
    privateKey: leafKeys.privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
  };
}
