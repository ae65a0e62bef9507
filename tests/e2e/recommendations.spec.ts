import crypto from "node:crypto";
import { paths } from "../../core/paths";
import { expect, test } from "./support";

/**
 * "People who watched this also watched" (issue 23 item 3) against the built server: two browser sessions
 * count views of two demo videos of different categories through the real view endpoints, the co-view fold
 * runs (through a test hook, instead of the job's next minute), and the first video's page then lists the
 * other first among its related videos, ahead of its own category's most viewed.
 */

async function json<T>(res: Response, what: string): Promise<T> {
  if (!res.ok) throw new Error(`${what} answered ${res.status}`);
  return (await res.json()) as T;
}

/** A play token for `videoId` in the browser session `cookie` (a new one when null), from a client address of its own. */
async function playToken(baseURL: string, videoId: string, ip: string, cookie: string | null) {
  const res = await fetch(`${baseURL}${paths.api.playToken()}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": ip, ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams({ videoId }),
  });
  const session = /viewSession=([0-9a-f-]{36})/.exec(res.headers.getSetCookie().join("\n"))?.[1];
  const body = await json<{ token: string; thresholdMs: number }>(res, "play-token");
  return { ...body, cookie: cookie ?? `viewSession=${session}` };
}

async function countView(baseURL: string, videoId: string, token: string, ip: string, cookie: string) {
  const res = await fetch(`${baseURL}${paths.api.views()}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": ip, cookie },
    body: new URLSearchParams({ videoId, token }),
  });
  return (await json<{ counted: boolean; reason?: string }>(res, "views")).counted;
}

test("a video watched in the same sessions leads the related list", async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  const origin = baseURL as string;
  const { videos } = await json<{ videos: { id: string }[] }>(await fetch(`${origin}/__test/co-views/videos`), "co-views videos");
  const [video, other] = videos;
  if (!video || !other) throw new Error("fewer than two demo categories with media");

  // Before: the first video's related list is its category's most viewed; the other video is not in it.
  await page.goto(paths.video(video.id));
  const related = page.getByRole("region", { name: "Related Videos" });
  await expect(related.getByRole("link").first()).toBeVisible();
  await expect(related.locator(`a[href="/video/${other.id}"]`)).toHaveCount(0);

  // Two sessions (two addresses) each count both videos; tokens are asked together, so one wait serves all.
  const sessions = await Promise.all(
    [0, 1].map(async () => {
      const ip = `2001:db8:${crypto.randomBytes(2).toString("hex")}:${crypto.randomBytes(2).toString("hex")}::1`;
      const first = await playToken(origin, video.id, ip, null);
      const second = await playToken(origin, other.id, ip, first.cookie);
      return { ip, cookie: first.cookie, tokens: [first, second] };
    }),
  );
  const wait = Math.max(...sessions.flatMap((s) => s.tokens.map((t) => t.thresholdMs)));
  await new Promise((r) => setTimeout(r, wait + 300));
  for (const s of sessions) {
    expect(await countView(origin, video.id, s.tokens[0]!.token, s.ip, s.cookie)).toBe(true);
    expect(await countView(origin, other.id, s.tokens[1]!.token, s.ip, s.cookie)).toBe(true);
  }
  await json(await fetch(`${origin}/__test/co-views/fold`, { method: "POST" }), "co-views fold");

  await page.goto(paths.video(video.id));
  await expect(related.getByRole("link").first()).toHaveAttribute("href", `/video/${other.id}`);
});
