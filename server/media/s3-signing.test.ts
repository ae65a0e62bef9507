import crypto from "node:crypto";
import { GetObjectCommand } from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { describe, expect, it } from "vitest";
import { type S3Settings, s3Client } from "./s3-storage";

/**
 * Request signing, which the S3 test server (s3rver) does not check: the client the app builds from its
 * settings (s3Client) signs with AWS Signature Version 4. The SDK's own presigner signs a GET with known
 * credentials at a known time, and the signature is recomputed here from the specification (canonical
 * request, string to sign, derived key), independently of the SDK.
 */

// The credentials of AWS's own SigV4 examples.
const CREDENTIALS = { accessKeyId: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY" };
const SIGNED_AT = new Date("2013-05-24T00:00:00Z");

const settings = (over: Partial<S3Settings> = {}): S3Settings => ({
  bucket: "examplebucket",
  region: "us-east-1",
  forcePathStyle: true,
  endpoint: "https://s3.example.com",
  credentials: CREDENTIALS,
  baseUrl: "https://cdn.example.com/",
  ...over,
});

async function presignGet(s: S3Settings, key = "videos/v1/master.m3u8"): Promise<URL> {
  const client = s3Client(s);
  return new URL(
    await getSignedUrl(client, new GetObjectCommand({ Bucket: s.bucket, Key: key }), { expiresIn: 600, signingDate: SIGNED_AT }),
  );
}

const hmac = (key: crypto.BinaryLike, data: string) => crypto.createHmac("sha256", key).update(data).digest();
const sha256Hex = (data: string) => crypto.createHash("sha256").update(data).digest("hex");
/** RFC 3986 encoding, as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
const rfc3986 = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The SigV4 signature of a presigned GET URL (only `host` signed, unsigned payload), from the specification. */
function expectedSignature(url: URL, secret: string, region: string): string {
  const params = [...url.searchParams].filter(([k]) => k !== "X-Amz-Signature");
  const query = params
    .map(([k, v]) => [rfc3986(k), rfc3986(v)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
  const canonicalRequest = ["GET", url.pathname, query, `host:${url.host}`, "", "host", "UNSIGNED-PAYLOAD"].join("\n");
  const amzDate = url.searchParams.get("X-Amz-Date") as string;
  const day = amzDate.slice(0, 8);
  const scope = `${day}/${region}/s3/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256Hex(canonicalRequest)].join("\n");
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, day), region), "s3"), "aws4_request");
  return hmac(key, stringToSign).toString("hex");
}

describe("request signing (AWS Signature Version 4)", () => {
  it("presigns a GET with the SigV4 query parameters and the signature the specification gives", async () => {
    const url = await presignGet(settings());
    expect(url.origin).toBe("https://s3.example.com");
    expect(url.pathname).toBe("/examplebucket/videos/v1/master.m3u8"); // S3_FORCE_PATH_STYLE: the bucket in the path
    const q = Object.fromEntries(url.searchParams);
    expect(q).toMatchObject({
      "X-Amz-Algorithm": "AWS4-HMAC-SHA256",
      "X-Amz-Credential": "AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request",
      "X-Amz-Date": "20130524T000000Z",
      "X-Amz-Expires": "600",
      "X-Amz-SignedHeaders": "host",
    });
    expect(q["X-Amz-Signature"]).toMatch(/^[0-9a-f]{64}$/);
    expect(q["X-Amz-Signature"]).toBe(expectedSignature(url, CREDENTIALS.secretAccessKey, "us-east-1"));
    // The secret itself never appears in what is sent.
    expect(url.href).not.toContain(CREDENTIALS.secretAccessKey);
    expect(url.href).not.toContain(encodeURIComponent(CREDENTIALS.secretAccessKey));
  });

  it("the signature depends on the secret, the region and the object: a wrong secret signs differently", async () => {
    const good = await presignGet(settings());
    const wrongSecret = await presignGet(settings({ credentials: { ...CREDENTIALS, secretAccessKey: `${CREDENTIALS.secretAccessKey}x` } }));
    const otherRegion = await presignGet(settings({ region: "eu-west-1" }));
    const otherKey = await presignGet(settings(), "videos/v2/master.m3u8");
    const signature = (u: URL) => u.searchParams.get("X-Amz-Signature");
    // Same key id, same time, same request: only the secret differs, and the server's recomputation would not match.
    expect(wrongSecret.searchParams.get("X-Amz-Credential")).toBe(good.searchParams.get("X-Amz-Credential"));
    expect(signature(wrongSecret)).not.toBe(signature(good));
    expect(signature(wrongSecret)).not.toBe(expectedSignature(wrongSecret, CREDENTIALS.secretAccessKey, "us-east-1"));
    expect(signature(otherRegion)).toBe(expectedSignature(otherRegion, CREDENTIALS.secretAccessKey, "eu-west-1"));
    expect(new Set([signature(good), signature(otherRegion), signature(otherKey)]).size).toBe(3);
    // Deterministic: the same request at the same time signs the same.
    expect(signature(await presignGet(settings()))).toBe(signature(good));
  });

  it("virtual-hosted style (no S3_FORCE_PATH_STYLE) puts the bucket in the host name, which is signed", async () => {
    const url = await presignGet(settings({ forcePathStyle: false, endpoint: undefined }));
    expect(url.host).toBe("examplebucket.s3.us-east-1.amazonaws.com");
    expect(url.pathname).toBe("/videos/v1/master.m3u8");
    expect(url.searchParams.get("X-Amz-Signature")).toBe(expectedSignature(url, CREDENTIALS.secretAccessKey, "us-east-1"));
  });
});
