import { RouterContextProvider } from "react-router";
import { afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { markDatabaseAvailable } from "../../../server/db/availability";
import { connect, type DatabaseHandle, setDatabase } from "../../../server/db/connection";
import { requestInfoContext } from "../../../server/http/request-context";
import { checkPlayToken, newViewSessionId } from "../../../server/play-token";
import { insertVideo } from "../../../tests/support/fixtures";
import { useTestDatabase } from "../../../tests/support/test-db";
import type { Route } from "./+types/play-token";
import { action, loader } from "./play-token";

const { handle } = useTestDatabase();

beforeAll(() => {
  process.env.APP_SECRET = "play-token-route-test-secret-0123456789";
});

const ORIGIN = "http://pleazure.test";
const SESSION_COOKIE = /^viewSession=([0-9a-f-]{36}); Path=\/; HttpOnly; SameSite=Lax$/;

/** `clientIp`: the address the HTTP layer derived (X-Forwarded-For from a trusted proxy), unchecked. */
function post(body: string, headers: Record<string, string> = {}, method = "POST", clientIp: string | null = null): Promise<Response> {
  const request = new Request(`${ORIGIN}/api/play-token`, {
    method,
    body,
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
  });
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { requestId: "test", clientIp, userAgent: null, nonce: "" });
  return action({ request, context, params: {} } as unknown as Route.ActionArgs);
}

const form = (videoId: string) => new URLSearchParams({ videoId }).toString();

/** A public 40 s video (threshold 20 s) unless told otherwise. */
async function video(values: { duration?: number; is_public?: boolean } = {}) {
  return (await insertVideo(handle().db, { duration: 40, ...values })).id;
}

describe("POST /api/play-token", () => {
  it("issues a token for a public video and starts the browser's view session with it", async () => {
    const videoId = await video();
    const before = Date.now();
    const res = await post(form(videoId));
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = (await res.json()) as { token: string; thresholdMs: number };
    expect(body.thresholdMs).toBe(20_000);
    const sessionId = SESSION_COOKIE.exec(res.headers.get("set-cookie") ?? "")?.[1] as string;
    expect(sessionId).toBeTruthy();
    // Bound to this video and the new session, counting from now on the server's clock.
    expect(checkPlayToken(body.token, { videoId, sessionId }, before).status).toBe("too-early");
    expect(checkPlayToken(body.token, { videoId, sessionId }, Date.now() + 20_000).status).toBe("ok");
    expect(checkPlayToken(body.token, { videoId, sessionId: newViewSessionId() }, Date.now() + 20_000).status).toBe("invalid");
  });

  it("keeps a browser's view session: no cookie, and the token names that session and the stored video id", async () => {
    const videoId = await video();
    const sessionId = newViewSessionId();
    const res = await post(form(videoId.toUpperCase()), { cookie: `ageVerified=true; viewSession=${sessionId}` });
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toBeNull();
    const { token } = (await res.json()) as { token: string };
    expect(checkPlayToken(token, { videoId, sessionId }, Date.now() + 20_000).status).toBe("ok");
  });

  it("answers 404 for a video that is unknown or not public, and a null token for one without a duration; no cookie", async () => {
    for (const videoId of [newViewSessionId(), await video({ is_public: false })]) {
      const res = await post(form(videoId));
      expect([res.status, await res.json(), res.headers.get("set-cookie")]).toEqual([404, { token: null, reason: "not-found" }, null]);
    }
    const res = await post(form(await video({ duration: 0 })));
    expect([res.status, await res.json(), res.headers.get("set-cookie")]).toEqual([200, { token: null, reason: "uncountable" }, null]);
  });

  it("past the address's 10 tokens for a video this hour: 200, a null token, the wait, and no cookie", async () => {
    const videoId = await video();
    for (let i = 0; i < 10; i++) expect((await post(form(videoId), {}, "POST", "2001:db8:5:6::1")).status).toBe(200);
    // Another address of the same /64 is the same client.
    const res = await post(form(videoId), {}, "POST", "2001:db8:5:6:abcd::9");
    const body = (await res.json()) as { token: null; reason: string; retryAfterMs: number };
    expect([res.status, body.token, body.reason, res.headers.get("set-cookie")]).toEqual([200, null, "rate-limited", null]);
    expect(body.retryAfterMs).toBeGreaterThan(3_500_000);
    expect(body.retryAfterMs).toBeLessThanOrEqual(3_600_000);
    // The next /64 is another client.
    expect(((await (await post(form(videoId), {}, "POST", "2001:db8:5:7::1")).json()) as { token: string | null }).token).toBeTruthy();
  });

  it("counts header-derived values that are not addresses as one shared client, never a fresh one each", async () => {
    const videoId = await video();
    const junk = [null, "<script>", "not an ip", "1.2.3.04", "fe80::1%eth0", "", "999.1.1.1", "::ffff:1.2.3", "unknown", "x", null];
    const answers = [];
    for (const ip of junk)
      answers.push(((await (await post(form(videoId), {}, "POST", ip)).json()) as { reason?: string }).reason ?? "issued");
    expect(answers).toEqual([...Array(10).fill("issued"), "rate-limited"]);
  });

  it("refuses unreadable input: 400 for a bad or repeated id, 415 for other bodies, 413 past 1 KB", async () => {
    const videoId = await video();
    const cases: [string, Record<string, string>, number][] = [
      ["videoId=nope", {}, 400],
      ["", {}, 400],
      [`videoId=${videoId}&videoId=${videoId}`, {}, 400],
      [JSON.stringify({ videoId }), { "content-type": "application/json" }, 415],
      [`${form(videoId)}&pad=${"x".repeat(1_100)}`, {}, 413],
    ];
    for (const [body, headers, status] of cases) {
      const res = await post(body, headers);
      expect([body.slice(0, 20), res.status, res.headers.get("set-cookie")]).toEqual([body.slice(0, 20), status, null]);
      expect(await res.json()).toEqual({ token: null, reason: "unreadable" });
    }
  });

  it("takes only POST", async () => {
    for (const res of [await post(form(await video()), {}, "PUT"), loader()]) {
      expect([res.status, res.headers.get("allow"), await res.json()]).toEqual([405, "POST", { token: null, reason: "method" }]);
    }
  });

  describe("when the database fails", () => {
    let broken: DatabaseHandle | undefined;
    afterEach(async () => {
      setDatabase(handle());
      markDatabaseAvailable();
      await broken?.close();
    });

    it("answers 503 with Retry-After while it is unreachable", async () => {
      broken = connect("postgres://pleazure@127.0.0.1:1/none", 1);
      setDatabase(broken);
      const res = await post(form(newViewSessionId()));
      expect([res.status, res.headers.get("retry-after"), res.headers.get("set-cookie")]).toEqual([503, "5", null]);
      expect(await res.json()).toEqual({ token: null, reason: "unavailable" });
    });

    it("answers 500 for any other failure", async () => {
      broken = connect(inject("adminDatabaseUrl"), 1); // reachable, but without the schema
      setDatabase(broken);
      const res = await post(form(newViewSessionId()));
      expect([res.status, await res.json()]).toEqual([500, { token: null, reason: "failed" }]);
    });
  });
});
