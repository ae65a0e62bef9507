import crypto from "node:crypto";

/**
 * The smallest CBOR encoder the COSE_Sign1 below needs (RFC 8949: unsigned and negative integers, byte and
 * text strings, arrays, maps, tags, null). c2pa-wasm hands its signer the claim bytes and expects the whole
 * COSE structure back ("direct COSE handling"), so we build it ourselves instead of pulling in a CBOR library.
 */
export type Cbor = number | string | Uint8Array | null | Cbor[] | CborMap | CborTag;
export class CborMap {
  constructor(readonly entries: [Cbor, Cbor][]) {}
}
export class CborTag {
  constructor(
    readonly tag: number,
    readonly value: Cbor,
  ) {}
}

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
  if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}

export function cbor(value: Cbor): Buffer {
  if (value === null) return Buffer.from([0xf6]);
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") {
    const bytes = Buffer.from(value, "utf8");
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  if (value instanceof CborTag) return Buffer.concat([head(6, value.tag), cbor(value.value)]);
  return Buffer.concat([head(5, value.entries.length), ...value.entries.flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const COSE_ALG_ES256 = -7;
const COSE_HEADER_ALG = 1;
const COSE_HEADER_X5CHAIN = 33;
const COSE_SIGN1_TAG = 18;

/**
 * A tagged COSE_Sign1 (RFC 9052) over `payload`, detached as C2PA requires: ES256 with the certificate chain
 * (leaf first) in the protected header, and an unprotected "pad" that makes the structure exactly `size`
 * bytes, the space c2pa-rs reserved for the signature box before signing (as c2pa-rs's own signer does).
 */
export function coseSign1Es256(payload: Uint8Array, key: crypto.KeyObject, chain: Uint8Array[], size: number): Buffer {
  const x5chain: Cbor = chain.length === 1 ? chain[0]! : chain;
  const protectedBytes = cbor(
    new CborMap([
      [COSE_HEADER_ALG, COSE_ALG_ES256],
      [COSE_HEADER_X5CHAIN, x5chain],
    ]),
  );
  const toBeSigned = cbor(["Signature1", protectedBytes, new Uint8Array(0), payload]);
  const signature = crypto.sign("sha256", toBeSigned, { key, dsaEncoding: "ieee-p1363" });
  const encode = (pad: number) =>
    cbor(new CborTag(COSE_SIGN1_TAG, [protectedBytes, new CborMap([["pad", Buffer.alloc(pad)]]), null, signature]));
  const bare = encode(0).length;
  if (bare > size) throw new Error(`the COSE signature needs ${bare} bytes, more than the ${size} reserved`);
  // The pad's own length prefix grows at 24 and 256 bytes: try the few lengths around the gap.
  for (let pad = size - bare; pad >= Math.max(0, size - bare - 4); pad--) {
    const sign1 = encode(pad);
    if (sign1.length === size) return sign1;
  }
  throw new Error(`cannot pad the COSE signature to exactly ${size} bytes`);
}
