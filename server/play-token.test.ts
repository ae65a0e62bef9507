import { beforeAll, describe, expect, it } from "vitest";
import { viewThresholdMs } from "../core/view-rules";
import { checkPlayToken, issuePlayToken, newViewSessionId, PLAY_TOKEN_MAX_AGE_MS } from "./play-token";
import { sign } from "./secrets";
import { issueFormToken } from "./services/form-token";

beforeAll(() => {
  process.env.APP_SECRET = "play-token-test-secret-0123456789";
});

const VIDEO = "6f1c2d3e-4a5b-4c6d-8e7f-901234567890";
const OTHER_VIDEO = "0f1c2d3e-4a5b-4c6d-8e7f-901234567890";
const NOW = Date.UTC(2026, 10, 23, 12);

describe('view threshold (docs/product.md "Views")', () => {
  it("is the lesser of 30 s and half the duration; unknown durations count nothing", () => {
    expect(viewThresholdMs(120)).toBe(30_000);
    expect(viewThresholdMs(60)).toBe(30_000);
    expect(viewThresholdMs(40)).toBe(20_000);
    expect(viewThresholdMs(2)).toBe(1_000);
    expect(viewThresholdMs(0)).toBeNull();
    expect(viewThresholdMs(-5)).toBeNull();
    expect(viewThresholdMs(Number.NaN)).toBeNull();
  });
});

describe("play tokens", () => {
  const session = newViewSessionId();
  const token = () => issuePlayToken({ videoId: VIDEO, sessionId: session, durationSeconds: 40, now: NOW }) as string;

  it("count only once the threshold has elapsed since issue, and not after the maximum age", () => {
    expect(checkPlayToken(token(), { videoId: VIDEO, sessionId: session }, NOW)).toEqual({ status: "too-early", retryAfterMs: 20_000 });
    expect(checkPlayToken(token(), { videoId: VIDEO, sessionId: session }, NOW + 19_999).status).toBe("too-early");
    expect(checkPlayToken(token(), { videoId: VIDEO, sessionId: session }, NOW + 20_000)).toEqual({
      status: "ok",
      claim: { videoId: VIDEO, sessionId: session, issuedAt: NOW, thresholdMs: 20_000 },
    });
    expect(checkPlayToken(token(), { videoId: VIDEO, sessionId: session }, NOW + PLAY_TOKEN_MAX_AGE_MS + 1).status).toBe("expired");
  });

  it("are refused for another video or another session, and when forged, altered or truncated", () => {
    const t = token();
    const later = NOW + 60_000;
    expect(checkPlayToken(t, { videoId: OTHER_VIDEO, sessionId: session }, later).status).toBe("invalid");
    expect(checkPlayToken(t, { videoId: VIDEO, sessionId: newViewSessionId() }, later).status).toBe("invalid");
    // Back-dating the issue time or lowering the threshold breaks the signature.
    const [payload, mac] = [t.slice(0, t.lastIndexOf(".")), t.slice(t.lastIndexOf(".") + 1)];
    expect(
      checkPlayToken(`${payload.replace(`:${NOW}:`, `:${NOW - 60_000}:`)}.${mac}`, { videoId: VIDEO, sessionId: session }, NOW).status,
    ).toBe("invalid");
    expect(checkPlayToken(`${payload.replace(/:20000$/, ":0")}.${mac}`, { videoId: VIDEO, sessionId: session }, later).status).toBe(
      "invalid",
    );
    expect(checkPlayToken(t.slice(0, -2), { videoId: VIDEO, sessionId: session }, later).status).toBe("invalid");
    expect(checkPlayToken(payload, { videoId: VIDEO, sessionId: session }, later).status).toBe("invalid");
    expect(checkPlayToken("", { videoId: VIDEO, sessionId: session }, later).status).toBe("invalid");
    expect(checkPlayToken(`${t}${"x".repeat(300)}`, { videoId: VIDEO, sessionId: session }, later).status).toBe("invalid");
  });

  it("are refused when signed with another key, for another purpose, with a threshold over 30 s or from the future", () => {
    const t = token();
    // A token signed with another key: same payload, another MAC.
    const foreign = `${t.slice(0, t.lastIndexOf("."))}.${"A".repeat(43)}`;
    expect(checkPlayToken(foreign, { videoId: VIDEO, sessionId: session }, NOW + 60_000).status).toBe("invalid");
    expect(checkPlayToken(issueFormToken(NOW), { videoId: VIDEO, sessionId: session }, NOW + 60_000).status).toBe("invalid");
    const slow = sign(`play:${VIDEO}:${session}:${NOW}:31000`);
    expect(checkPlayToken(slow, { videoId: VIDEO, sessionId: session }, NOW + 60_000).status).toBe("invalid");
    const future = issuePlayToken({ videoId: VIDEO, sessionId: session, durationSeconds: 2, now: NOW + 5 * 60_000 }) as string;
    expect(checkPlayToken(future, { videoId: VIDEO, sessionId: session }, NOW).status).toBe("invalid");
  });

  it("are not issued for a video without a duration or for malformed ids", () => {
    expect(issuePlayToken({ videoId: VIDEO, sessionId: session, durationSeconds: 0 })).toBeNull();
    expect(issuePlayToken({ videoId: "x", sessionId: session, durationSeconds: 10 })).toBeNull();
    expect(issuePlayToken({ videoId: VIDEO, sessionId: "x", durationSeconds: 10 })).toBeNull();
  });

  it("accept the video id in upper case, as the page URL may carry it", () => {
    expect(checkPlayToken(token(), { videoId: VIDEO.toUpperCase(), sessionId: session }, NOW + 20_000).status).toBe("ok");
  });
});
