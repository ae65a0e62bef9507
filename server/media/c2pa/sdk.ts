import fs from "node:fs";
import { createRequire } from "node:module";
import { initSync, WasmBuilder, WasmReader } from "@contentauth/c2pa-wasm";
import { coseSign1Es256 } from "./cose";
import type { ContentSigner } from "./signer";

/**
 * c2pa-rs (the C2PA reference library) compiled to WebAssembly, used from Node. `@contentauth/c2pa-wasm` is
 * written for browser workers; three things make it work here, each the smallest that does:
 * - the .wasm file is read from the package and instantiated synchronously (no fetch);
 * - the builder reads its source through `FileReaderSync`, which only browser workers have: `assetOf` passes an
 *   object with the two members it uses (`size`, `slice`) and a FileReaderSync that returns those bytes;
 * - the signer must return the whole COSE structure, not a bare signature ("direct COSE handling"): cose.ts.
 * The reader takes plain bytes (`fromBytes`), no shim.
 */

let ready = false;
function load(): void {
  if (ready) return;
  const wasm = fs.readFileSync(createRequire(import.meta.url).resolve("@contentauth/c2pa-wasm/c2pa.wasm"));
  initSync({ module: wasm });
  const scope = globalThis as { FileReaderSync?: unknown };
  scope.FileReaderSync ??= BytesReader;
  ready = true;
}

/** What the wasm glue calls on a Blob: `size` and `slice(start, end)`; our FileReaderSync reads `bytes`. */
interface BytesAsset {
  bytes: Uint8Array;
  size: number;
  slice(start?: number, end?: number): BytesAsset;
}
function assetOf(bytes: Uint8Array): BytesAsset {
  return { bytes, size: bytes.length, slice: (start, end) => assetOf(bytes.subarray(start, end)) };
}
class BytesReader {
  readAsArrayBuffer(blob: BytesAsset): ArrayBuffer {
    return blob.bytes.slice().buffer as ArrayBuffer;
  }
}

/** Room for the COSE signature: the certificates plus headers and the 64-byte ES256 signature, with margin. */
function reserveSize(signer: ContentSigner): number {
  return 2048 + signer.chain.reduce((n, c) => n + c.length + 8, 0);
}

/** A C2PA manifest definition (c2pa-rs ManifestDefinition, snake_case as the library reads it). */
export interface ManifestDefinition {
  title: string;
  claim_generator_info: { name: string; version?: string }[];
  assertions: { label: string; data: unknown }[];
}

// No thumbnail in the manifest (the asset is its own picture), and no trust list while signing.
const BUILDER_SETTINGS = JSON.stringify({ builder: { thumbnail: { enabled: false } }, verify: { verify_trust: false } });

/** Returns `asset` (of `format`, e.g. image/jpeg, image/png) with a signed manifest embedded. */
export async function signAsset(asset: Uint8Array, format: string, definition: ManifestDefinition, signer: ContentSigner): Promise<Buffer> {
  load();
  const size = reserveSize(signer);
  const builder = WasmBuilder.fromJson(JSON.stringify({ ...definition, format }), BUILDER_SETTINGS);
  try {
    const signed = await builder.sign(
      {
        alg: "es256",
        reserveSize: size,
        sign: async (claim: Uint8Array) => new Uint8Array(coseSign1Es256(claim, signer.key, signer.chain, size)),
      },
      [],
      format,
      assetOf(asset) as unknown as Blob,
    );
    return Buffer.from(signed);
  } finally {
    builder.free();
  }
}

export interface ValidationEntry {
  code: string;
  url?: string;
  explanation?: string;
}

/** What a manifest store says, as c2pa-rs reports it (the parts we use). */
export interface ManifestReport {
  /** c2pa-rs's verdict: Invalid, Valid (signature and bindings intact) or Trusted (also a trusted signer). */
  validationState: string;
  success: ValidationEntry[];
  failure: ValidationEntry[];
  manifest: {
    title?: string;
    label?: string;
    claim_generator_info?: { name?: string; version?: string }[];
    assertions?: { label: string; data: unknown }[];
    signature_info?: { alg?: string; issuer?: string; common_name?: string; cert_serial_number?: string; time?: string };
  };
}

/**
 * Reads and validates the manifest embedded in `asset`, or returns undefined when it carries none. Trust is
 * checked only against `trustAnchors` (PEM) when given: without them, "Valid" means intact, not trusted.
 */
export async function readManifest(asset: Uint8Array, format: string, trustAnchors?: string): Promise<ManifestReport | undefined> {
  load();
  const settings = trustAnchors
    ? { verify: { verify_trust: true }, trust: { trust_anchors: trustAnchors } }
    : { verify: { verify_trust: false } };
  let reader: WasmReader;
  try {
    reader = await WasmReader.fromBytes(format, asset, JSON.stringify(settings));
  } catch (err) {
    if (/JumbfNotFound|ManifestNotFound|NotFound/i.test(String(err))) return undefined;
    throw err;
  }
  try {
    const store = JSON.parse(reader.json()) as {
      validation_state?: string;
      validation_results?: { activeManifest?: { success?: ValidationEntry[]; failure?: ValidationEntry[] } };
    };
    const active = store.validation_results?.activeManifest;
    return {
      validationState: store.validation_state ?? "Invalid",
      success: active?.success ?? [],
      failure: active?.failure ?? [],
      manifest: reader.activeManifest() as ManifestReport["manifest"],
    };
  } finally {
    reader.free();
  }
}
