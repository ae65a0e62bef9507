import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { isTrackable, type PlayTokenAnswer, trackingStartSeconds, type ViewAnswer } from "../../core/view-rules";
import {
  clearViewedVideos,
  createViewTracker,
  type FetchPlayToken,
  type SendView,
  VIEWED_STORAGE_KEY,
  type ViewTrackerOptions,
  viewedVideoIds,
} from "./view-tracking";

const VIDEO = "6f1c2d3e-4a5b-4c6d-8e7f-901234567890";

function memoryStore() {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

/** An endpoint that records the videos it is asked about and answers what the test says, when the test says. */
function fakeEndpoint<A>(answer: A) {
  const calls: string[] = [];
  let failure: Error | null = null;
  let release: (() => void) | null = null;
  let hold = false;
  const call = (videoId: string): Promise<A> => {
    calls.push(videoId);
    if (failure) return Promise.reject(failure);
    if (!hold) return Promise.resolve(answer);
    return new Promise((resolve) => {
      release = () => resolve(answer);
    });
  };
  return {
    call,
    calls,
    holdAnswers: () => {
      hold = true;
    },
    release: () => release?.(),
    fail: (err: Error) => {
      failure = err;
    },
    setAnswer: (a: A) => {
      failure = null;
      answer = a;
    },
  };
}

/** The view endpoint, as the tracker sends to it. */
function fakeSend(answer: ViewAnswer = { counted: true }) {
  const endpoint = fakeEndpoint(answer);
  const send: SendView = endpoint.call;
  return { ...endpoint, send };
}

/** The token endpoint, as the tracker asks it. */
function fakeTokens(answer: PlayTokenAnswer = { token: "t", thresholdMs: 30_000 }) {
  const endpoint = fakeEndpoint(answer);
  const fetch: FetchPlayToken = endpoint.call;
  return { ...endpoint, fetch };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

/**
 * A tracker whose video started playing (first timeupdate: the token is asked for and arrives) and, unless
 * `waitMs` says otherwise, whose token's threshold has passed since.
 */
async function playing(opts: Omit<ViewTrackerOptions, "videoId" | "fetchToken">, thresholdMs = 30_000, waitMs = thresholdMs) {
  const tracker = createViewTracker({ videoId: VIDEO, fetchToken: fakeTokens({ token: "t", thresholdMs }).fetch, ...opts });
  tracker.onPlaybackTime(0.25, 120);
  await flush();
  vi.advanceTimersByTime(waitMs);
  return tracker;
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(Date.UTC(2026, 10, 23, 12));
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('view tracking rules (docs/product.md "Views")', () => {
  it("keeps the viewed list under a fixed key ending in the site name", () => {
    expect(VIEWED_STORAGE_KEY).toMatch(/Pleazure$/);
  });

  it("starts at 25 s, or at the threshold when that comes first (videos under 50 s count too)", () => {
    expect(trackingStartSeconds(600)).toBe(25);
    expect(trackingStartSeconds(50)).toBe(25);
    expect(trackingStartSeconds(40)).toBe(20);
    expect(trackingStartSeconds(2)).toBe(1);
  });

  it("needs a video id, a current time of 0 or more and a duration above 0", () => {
    expect(isTrackable(VIDEO, 0, 10)).toBe(true);
    expect(isTrackable("", 30, 60)).toBe(false);
    expect(isTrackable(VIDEO, -1, 60)).toBe(false);
    expect(isTrackable(VIDEO, Number.NaN, 60)).toBe(false);
    expect(isTrackable(VIDEO, 30, 0)).toBe(false);
    expect(isTrackable(VIDEO, 30, Number.NaN)).toBe(false);
    expect(isTrackable(VIDEO, 30, Number.POSITIVE_INFINITY)).toBe(false);
  });

  it("sends nothing before the start, then once, and lists the video as viewed", async () => {
    const fake = fakeSend();
    const store = memoryStore();
    const tracker = await playing({ send: fake.send, store });
    tracker.onPlaybackTime(24.9, 120);
    expect(fake.calls).toEqual([]);
    tracker.onPlaybackTime(25, 120);
    await flush();
    expect(fake.calls).toEqual([VIDEO]);
    expect(viewedVideoIds(store)).toEqual([VIDEO]);
    vi.advanceTimersByTime(10_000);
    tracker.onPlaybackTime(40, 120);
    expect(fake.calls).toHaveLength(1);
  });

  it("counts a 20 s clip once playback reaches 10 s", async () => {
    const fake = fakeSend();
    const tracker = await playing({ send: fake.send, store: memoryStore() }, 10_000);
    tracker.onPlaybackTime(9.9, 20);
    tracker.onPlaybackTime(10, 20);
    await flush();
    expect(fake.calls).toHaveLength(1);
  });

  it("asks at most once every 5 s while the server says it is too early", async () => {
    const fake = fakeSend({ counted: false, reason: "too-early", retryAfterMs: 12_000 });
    const store = memoryStore();
    const tracker = await playing({ send: fake.send, store });
    for (let t = 0; t < 60; t++) {
      tracker.onPlaybackTime(25 + t * 0.25, 120); // timeupdate about every 250 ms
      await vi.advanceTimersByTimeAsync(250);
    }
    // 15 s of playback past the start: calls at 0, 5 and 10 s.
    expect(fake.calls).toHaveLength(3);
    expect(viewedVideoIds(store)).toEqual([]);
    fake.setAnswer({ counted: true });
    await vi.advanceTimersByTimeAsync(5_000);
    tracker.onPlaybackTime(45, 120);
    await flush();
    expect(fake.calls).toHaveLength(4);
    expect(viewedVideoIds(store)).toEqual([VIDEO]);
  });

  it("does not send a video whose request is in flight, even from a second player", async () => {
    const fake = fakeSend();
    fake.holdAnswers();
    const store = memoryStore();
    const a = await playing({ send: fake.send, store });
    const b = await playing({ send: fake.send, store });
    a.onPlaybackTime(30, 120);
    vi.advanceTimersByTime(6_000);
    a.onPlaybackTime(36, 120);
    b.onPlaybackTime(36, 120);
    expect(fake.calls).toHaveLength(1);
    fake.release();
    await flush();
    expect(viewedVideoIds(store)).toEqual([VIDEO]);
  });

  it("skips videos already in this session's list, until the list is cleared", async () => {
    const fake = fakeSend({ counted: false, reason: "duplicate" });
    const tokens = fakeTokens();
    const store = memoryStore();
    store.setItem(VIEWED_STORAGE_KEY, JSON.stringify([VIDEO]));
    const listed = createViewTracker({ videoId: VIDEO, fetchToken: tokens.fetch, send: fake.send, store });
    listed.onPlaybackTime(0.25, 120);
    listed.onPlaybackTime(30, 120);
    await flush();
    // Nothing to count: not even a token is asked for.
    expect([tokens.calls, fake.calls]).toEqual([[], []]);
    clearViewedVideos(store);
    expect(viewedVideoIds(store)).toEqual([]);
    const tracker = await playing({ send: fake.send, store });
    tracker.onPlaybackTime(30, 120);
    await flush();
    expect(fake.calls).toEqual([VIDEO]);
    // The server's "already counted in this session" also lists the video.
    expect(viewedVideoIds(store)).toEqual([VIDEO]);
  });

  it("stops after a refusal that cannot change", async () => {
    const fake = fakeSend({ counted: false, reason: "invalid" });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const tracker = await playing({ send: fake.send, store: memoryStore() });
    tracker.onPlaybackTime(30, 120);
    await flush();
    vi.advanceTimersByTime(10_000);
    tracker.onPlaybackTime(40, 120);
    expect(fake.calls).toHaveLength(1);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("invalid"));
  });

  it("only logs a failed request, and tries again 5 s later", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    let calls = 0;
    const send: SendView = () => {
      calls += 1;
      return Promise.reject(new TypeError("network down"));
    };
    const tracker = await playing({ send, store: memoryStore() });
    tracker.onPlaybackTime(30, 120);
    await flush();
    expect(warn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5_000);
    tracker.onPlaybackTime(35, 120);
    await flush();
    expect(calls).toBe(2);
  });

  it("treats unreadable or missing storage as an empty list", () => {
    const store = memoryStore();
    store.setItem(VIEWED_STORAGE_KEY, "{not json");
    expect(viewedVideoIds(store)).toEqual([]);
    expect(viewedVideoIds(null)).toEqual([]);
  });
});

describe('the play token (docs/architecture.md "View counting": issued at first playback)', () => {
  it("is asked for when the main video first plays, once, and never before", async () => {
    const tokens = fakeTokens();
    tokens.holdAnswers();
    const tracker = createViewTracker({ videoId: VIDEO, fetchToken: tokens.fetch, send: fakeSend().send, store: memoryStore() });
    vi.advanceTimersByTime(60_000); // the page open, nothing played
    expect(tokens.calls).toEqual([]);
    tracker.onPlaybackTime(0, 120);
    tracker.onPlaybackTime(0.25, 120);
    vi.advanceTimersByTime(6_000);
    tracker.onPlaybackTime(6, 120); // still waiting for the first answer: never two at once
    expect(tokens.calls).toEqual([VIDEO]);
    tokens.release();
    await flush();
    vi.advanceTimersByTime(6_000);
    tracker.onPlaybackTime(12, 120);
    expect(tokens.calls).toEqual([VIDEO]);
  });

  it("counts from when the token arrived: nothing is sent before its threshold, even past the start position", async () => {
    const fake = fakeSend();
    const tracker = await playing({ send: fake.send, store: memoryStore() }, 30_000, 0);
    tracker.onPlaybackTime(40, 120); // sought ahead
    vi.advanceTimersByTime(29_999);
    tracker.onPlaybackTime(41, 120);
    expect(fake.calls).toEqual([]);
    vi.advanceTimersByTime(1);
    tracker.onPlaybackTime(42, 120);
    expect(fake.calls).toEqual([VIDEO]);
  });

  it("counts a 2 s clip: the view is asked for as soon as both the position and the threshold are reached", async () => {
    const fake = fakeSend();
    const tracker = await playing({ send: fake.send, store: memoryStore() }, 1_000, 0);
    vi.advanceTimersByTime(750);
    tracker.onPlaybackTime(0.75, 2);
    vi.advanceTimersByTime(250);
    tracker.onPlaybackTime(1, 2);
    expect(fake.calls).toEqual([VIDEO]);
  });

  it("retries a failed or unavailable token request no more often than every 5 s", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const tokens = fakeTokens({ token: null, reason: "unavailable" });
    const fake = fakeSend();
    const tracker = createViewTracker({ videoId: VIDEO, fetchToken: tokens.fetch, send: fake.send, store: memoryStore() });
    for (let t = 0; t < 40; t++) {
      tracker.onPlaybackTime(t * 0.25, 120);
      await vi.advanceTimersByTimeAsync(250);
    }
    // 10 s of playback: attempts at 0 and 5 s.
    expect(tokens.calls).toHaveLength(2);
    tokens.fail(new TypeError("network down"));
    await vi.advanceTimersByTimeAsync(5_000);
    tracker.onPlaybackTime(15, 120);
    await flush();
    expect(tokens.calls).toHaveLength(3);
    expect(warn).toHaveBeenCalledWith("view tracking: play token request failed", expect.any(TypeError));
    tokens.setAnswer({ token: "t", thresholdMs: 0 });
    await vi.advanceTimersByTimeAsync(5_000);
    tracker.onPlaybackTime(20, 120);
    await flush();
    tracker.onPlaybackTime(25, 120);
    expect([tokens.calls.length, fake.calls]).toEqual([4, [VIDEO]]);
  });

  it("stops when the video cannot be counted (not found, no duration)", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    for (const reason of ["not-found", "uncountable"] as const) {
      const tokens = fakeTokens({ token: null, reason });
      const tracker = createViewTracker({ videoId: VIDEO, fetchToken: tokens.fetch, send: fakeSend().send, store: memoryStore() });
      tracker.onPlaybackTime(0, 120);
      await flush();
      vi.advanceTimersByTime(10_000);
      tracker.onPlaybackTime(30, 120);
      expect(tokens.calls).toHaveLength(1);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining(reason));
    }
  });

  it("stops quietly when this address has had its share (a token or a view refused as rate-limited)", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    // The token refused: no view is ever sent, and the token is not asked for again.
    const tokens = fakeTokens({ token: null, reason: "rate-limited", retryAfterMs: 3_600_000 });
    const unsent = fakeSend();
    const refused = createViewTracker({ videoId: VIDEO, fetchToken: tokens.fetch, send: unsent.send, store: memoryStore() });
    refused.onPlaybackTime(0, 120);
    await flush();
    vi.advanceTimersByTime(40_000);
    refused.onPlaybackTime(30, 120);
    refused.onPlaybackTime(35, 120);
    expect([tokens.calls.length, unsent.calls.length]).toEqual([1, 0]);
    // The view refused: sent once, not marked as viewed, not sent again.
    const store = memoryStore();
    const capped = fakeSend({ counted: false, reason: "rate-limited", retryAfterMs: 3_600_000 });
    const tracker = await playing({ send: capped.send, store });
    tracker.onPlaybackTime(30, 120);
    await flush();
    vi.advanceTimersByTime(10_000);
    tracker.onPlaybackTime(40, 120);
    expect(capped.calls).toHaveLength(1);
    expect(viewedVideoIds(store)).toEqual([]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("rate-limited"));
  });

  it("replaces an expired token on the next playback", async () => {
    const tokens = fakeTokens();
    const fake = fakeSend({ counted: false, reason: "expired" });
    const tracker = createViewTracker({ videoId: VIDEO, fetchToken: tokens.fetch, send: fake.send, store: memoryStore() });
    tracker.onPlaybackTime(0, 120);
    await flush();
    vi.advanceTimersByTime(30_000);
    tracker.onPlaybackTime(30, 120);
    await flush();
    expect(fake.calls).toHaveLength(1);
    tracker.onPlaybackTime(30.25, 120);
    expect(tokens.calls).toHaveLength(2);
  });
});
