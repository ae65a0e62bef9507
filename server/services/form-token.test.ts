import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { checkFormToken, FORM_MIN_FILL_MS, FORM_TOKEN_MAX_AGE_MS, issueFormToken, renewFormToken } from "./form-token";

beforeAll(() => {
  // A fixed key so the test never writes DATA_DIR/secret.key (env() is read lazily, after this).
  process.env.APP_SECRET = "form-token-test-secret-0123456789abcdef";
});

const T0 = Date.UTC(2026, 0, 1, 12);

describe("signed form timestamp", () => {
  it("is accepted from 3 seconds after issue until it expires", () => {
    const token = issueFormToken(T0);
    expect(checkFormToken(token, T0 + FORM_MIN_FILL_MS)).toMatchObject({ status: "ok", issuedAt: T0 });
    expect(checkFormToken(token, T0 + 60_000)).toMatchObject({ status: "ok", issuedAt: T0 });
    expect(checkFormToken(token, T0 + FORM_TOKEN_MAX_AGE_MS)).toMatchObject({ status: "ok", issuedAt: T0 });
  });

  it("flags a submission under 3 seconds as too fast", () => {
    const token = issueFormToken(T0);
    expect(checkFormToken(token, T0).status).toBe("too-fast");
    expect(checkFormToken(token, T0 + FORM_MIN_FILL_MS - 1).status).toBe("too-fast");
  });

  it("expires after 24 hours", () => {
    expect(checkFormToken(issueFormToken(T0), T0 + FORM_TOKEN_MAX_AGE_MS + 1).status).toBe("expired");
  });

  it("refuses tampered, forged, foreign and malformed tokens", () => {
    const token = issueFormToken(T0);
    const [payload, mac] = [token.slice(0, token.lastIndexOf(".")), token.slice(token.lastIndexOf(".") + 1)];
    const later = T0 + 10_000;
    // Back-dating the timestamp breaks the signature.
    expect(checkFormToken(`${payload.replace(String(T0), String(T0 - 60_000))}.${mac}`, later).status).toBe("invalid");
    // Signed with another key.
    const forgedMac = crypto.createHmac("sha256", "not-our-secret").update(payload).digest("base64url");
    expect(checkFormToken(`${payload}.${forgedMac}`, later).status).toBe("invalid");
    // One flipped signature character.
    const flipped = `${payload}.${mac[0] === "A" ? "B" : "A"}${mac.slice(1)}`;
    expect(checkFormToken(flipped, later).status).toBe("invalid");
    // Validly signed, but for another purpose.
    expect(checkFormToken(issueFormToken(T0, "play"), later).status).toBe("invalid");
    for (const junk of [undefined, null, 42, "", ".", "abc", payload, `${payload}.`, "x".repeat(500)]) {
      expect(checkFormToken(junk, later).status).toBe("invalid");
    }
  });

  it("refuses a token issued well in the future", () => {
    expect(checkFormToken(issueFormToken(T0 + 5 * 60_000), T0).status).toBe("invalid");
  });

  it("renews: keeps a usable token, back-dates the replacement of an expired one, replaces a bad one", () => {
    const token = issueFormToken(T0);
    expect(renewFormToken(token, T0 + 1000)).toBe(token);
    expect(renewFormToken(token, T0 + 10_000)).toBe(token);
    const afterExpiry = T0 + FORM_TOKEN_MAX_AGE_MS + 1;
    expect(checkFormToken(renewFormToken(token, afterExpiry), afterExpiry)).toMatchObject({
      status: "ok",
      issuedAt: afterExpiry - FORM_MIN_FILL_MS,
    });
    expect(checkFormToken(renewFormToken("forged", T0), T0)).toMatchObject({ status: "too-fast", issuedAt: T0 });
  });
});

describe("single-use tokens (issue 32 item 4)", () => {
  it("carry a nonce of their own each; a spent token is renewed with a fresh, back-dated one", () => {
    const a = checkFormToken(issueFormToken(T0), T0 + 10_000);
    const b = checkFormToken(issueFormToken(T0), T0 + 10_000);
    expect(a.status === "ok" && b.status === "ok" && a.nonce !== b.nonce).toBe(true);
    const token = issueFormToken(T0);
    const renewed = renewFormToken(token, T0 + 10_000, "contact", true);
    expect(renewed).not.toBe(token);
    expect(checkFormToken(renewed, T0 + 10_000)).toMatchObject({ status: "ok", issuedAt: T0 + 10_000 - FORM_MIN_FILL_MS });
  });

  it("report and sign-in tokens have no minimum fill time; contact and takedown keep theirs", () => {
    expect(checkFormToken(issueFormToken(T0, "report"), T0, "report").status).toBe("ok");
    expect(checkFormToken(issueFormToken(T0, "sign-in"), T0, "sign-in").status).toBe("ok");
    expect(checkFormToken(issueFormToken(T0, "takedown"), T0, "takedown").status).toBe("too-fast");
  });
});
