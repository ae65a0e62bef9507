import { expect, test } from "@playwright/test";
import { paths } from "../../core/paths";
import { AUTH_LIMITS } from "../../server/auth/rules";
import { COMMENT_RATE_LIMIT } from "../../server/services/comments";
import { VIEW_ALLOWANCE } from "../../server/services/view-allowance";
import { uniqueEmail } from "../support/account-session";
import { insertCategory, insertVideo } from "../support/fixtures";
import { signInFormToken } from "../support/form-token";
import { codeFor, postForm, requestFrom, type ScaleOut, signIn, startScaleOut } from "../support/scale-out";

// Issue 21 item 1: two app instances (own processes, ports and data directories) on one PostgreSQL, behind
// nginx running docs/deploy/nginx-site.conf. Everything a visitor relies on holds whichever instance answers.
test.describe.configure({ mode: "serial", timeout: 120_000 });

/** Long enough that only a cross-instance invalidation, never expiry, can refresh a cached page in these tests. */
const PAGE_CACHE_TTL_MS = 60_000;
let site: ScaleOut;
let a: string;
let b: string;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  site = await startScaleOut({ instances: 2, env: { PAGE_CACHE_TTL_MS: String(PAGE_CACHE_TTL_MS) } });
  [a, b] = site.instances.map((i) => i.origin) as [string, string];
});

test.afterAll(async () => {
  await site?.stop();
});

async function makeAdmin(email: string): Promise<void> {
  const res = await fetch(`${a}/__test/users/role`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, role: "admin" }),
  });
  expect(res.status).toBe(200);
}

/** What one instance's /metrics (read on its own port, as Prometheus does) says for a series, summed. */
async function metricSum(origin: string, name: string, labels: RegExp = /.*/): Promise<number> {
  const text = await (await fetch(`${origin}/metrics`)).text();
  return text
    .split("\n")
    .filter((line) => line.startsWith(`${name}{`) && labels.test(line))
    .reduce((sum, line) => sum + Number(line.split(" ").pop()), 0);
}

async function publicVideo(title: string, duration = 120): Promise<string> {
  const category = await insertCategory(site.db.db, `Scale ${title}`);
  return (await insertVideo(site.db.db, { title, category_id: category.id, duration })).id;
}

test("nginx spreads requests over both instances, and the operations endpoints stay off the public address", async () => {
  const before = await Promise.all([a, b].map((o) => metricSum(o, "pleazure_http_requests_total", /route="\/"/)));
  for (let i = 0; i < 10; i++)
    expect((await fetch(`${site.origin}${paths.home()}`, { headers: { cookie: "ageVerified=true" } })).status).toBe(200);
  const after = await Promise.all([a, b].map((o) => metricSum(o, "pleazure_http_requests_total", /route="\/"/)));
  expect((after[0] ?? 0) - (before[0] ?? 0), "instance A served some").toBeGreaterThanOrEqual(3);
  expect((after[1] ?? 0) - (before[1] ?? 0), "instance B served some").toBeGreaterThanOrEqual(3);

  expect((await fetch(`${site.origin}/metrics`)).status).toBe(404);
  expect((await fetch(`${site.origin}/metrics/processes`)).status).toBe(404);
  expect((await fetch(`${site.origin}/readyz`)).status).toBe(404);
  for (const origin of [a, b]) expect((await fetch(`${origin}/readyz`)).status).toBe(200);
  // Each instance's own port answers its processes apart (ADR 0022's addendum): here one web worker each.
  for (const origin of [a, b])
    expect(await (await fetch(`${origin}/metrics/processes`)).text()).toMatch(/^process_resident_memory_bytes\{process="web",pid="\d+"\}/m);
});

test("in Chromium through nginx: the page hydrates, signing in with a code works, and the account menu shows", async ({ browser }) => {
  const context = await browser.newContext();
  await context.addCookies([{ name: "ageVerified", value: "true", url: site.origin }]);
  const page = await context.newPage();
  const failed: string[] = [];
  page.on("response", (r) => void (r.status() >= 400 && failed.push(`${r.status()} ${r.url()}`)));
  page.on("console", (m) => void (m.type() === "error" && failed.push(m.text())));
  try {
    await page.goto(`${site.origin}/login?redirectTo=%2Fprofile`);
    const email = uniqueEmail("scale-browser");
    await page.getByLabel("E-mail address").fill(email);
    await page.getByRole("button", { name: "Email me a sign-in code" }).click();
    await expect(page.getByText(`We sent a 6-digit code to ${email}`)).toBeVisible();
    await page.getByLabel("6-digit code").fill(await codeFor(site, email));
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(`${site.origin}/profile`);
    await expect(page.getByRole("button", { name: /^Account menu for/ })).toBeVisible();
    // Client navigation (data requests through nginx to whichever instance) keeps the session.
    await page.getByRole("link", { name: "Home" }).first().click();
    await expect(page).toHaveURL(`${site.origin}/`);
    await expect(page.getByRole("button", { name: /^Account menu for/ })).toBeVisible();
    expect(failed).toEqual([]);
  } finally {
    await context.close();
  }
});

test("a session made through one instance holds on the other, and signing out on one ends it on both", async () => {
  const email = uniqueEmail("scale-session");
  const cookie = await signIn(site, email, { askAt: a, verifyAt: b });
  for (const origin of [a, b, site.origin]) {
    const profile = await fetch(`${origin}${paths.profile()}`, { headers: { cookie }, redirect: "manual" });
    expect(profile.status, origin).toBe(200);
    expect(await profile.text()).toContain(email);
  }
  const out = await postForm(`${b}/logout`, {}, cookie);
  expect(out.status).toBe(302);
  for (const origin of [a, b]) {
    const profile = await fetch(`${origin}${paths.profile()}`, { headers: { cookie }, redirect: "manual" });
    expect(profile.status, `${origin} after sign-out`).toBe(302);
    expect(profile.headers.get("location")).toMatch(/^\/login/);
  }
});

test("e-mail codes: the per-address limit counts requests at every instance together", async () => {
  const email = uniqueEmail("scale-codes");
  const limit = AUTH_LIMITS.codesPerAddress.points;
  for (let i = 0; i < limit; i++) {
    // Each form read from one instance, sent to the other: the token is valid at both, and spent once for both.
    const formToken = await signInFormToken(i % 2 ? a : b);
    const res = await postForm(`${i % 2 ? b : a}/login`, { intent: "request-code", email, redirectTo: "/", formToken });
    expect(res.status, `code request ${i + 1}`).toBe(200);
  }
  const refused = await postForm(`${limit % 2 ? b : a}/login`, {
    intent: "request-code",
    email,
    redirectTo: "/",
    formToken: await signInFormToken(a),
  });
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
});

test("likes, comments and the comment rate limit are one state across instances; a new comment reaches the other instance's cached page at once", async () => {
  const videoId = await publicVideo("Shared state");
  const email = uniqueEmail("scale-community");
  const cookie = await signIn(site, email);

  // Instance B caches the video page for visitors (a long TTL here: only an invalidation can refresh it).
  const visitor = { cookie: "ageVerified=true" };
  await fetch(`${b}${paths.video(videoId)}`, { headers: visitor });
  const cached = await fetch(`${b}${paths.video(videoId)}`, { headers: visitor });
  expect(cached.headers.get("x-page-cache")).toBe("hit");

  // Like at A, read the viewer's state at B; unlike at B, read the row count.
  expect((await postForm(`${a}/api/videos/${videoId}/like`, { liked: "true", js: "1" }, cookie)).status).toBe(200);
  const state = await (await fetch(`${b}/api/viewer-state?video=${videoId}`, { headers: { cookie } })).json();
  expect(state).toMatchObject({ video: { liked: true } });
  const likes = () =>
    site.db.db
      .selectFrom("video_likes")
      .select((e) => e.fn.countAll<string>().as("n"))
      .where("video_id", "=", videoId)
      .executeTakeFirstOrThrow();
  expect(Number((await likes()).n)).toBe(1);
  expect((await postForm(`${b}/api/videos/${videoId}/like`, { liked: "false", js: "1" }, cookie)).status).toBe(200);
  expect(Number((await likes()).n)).toBe(0);

  // A comment posted at A: B's cached page shows it without waiting for expiry.
  const posted = Date.now();
  expect((await postForm(`${a}/api/comments`, { videoId, content: "Posted at instance A", js: "1" }, cookie)).status).toBe(200);
  let seenAfterMs = -1;
  while (Date.now() - posted < 5_000) {
    if ((await (await fetch(`${b}${paths.video(videoId)}`, { headers: visitor })).text()).includes("Posted at instance A")) {
      seenAfterMs = Date.now() - posted;
      break;
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  expect(seenAfterMs, "B's cached page dropped on A's write").toBeGreaterThanOrEqual(0);
  test.info().annotations.push({ type: "cross-instance invalidation", description: `${seenAfterMs} ms after A answered` });
  expect(seenAfterMs).toBeLessThan(1_000);

  // The comment limit is one bucket whichever instance takes the comment.
  for (let i = 1; i < COMMENT_RATE_LIMIT.points; i++) {
    const res = await postForm(`${i % 2 ? b : a}/api/comments`, { videoId, content: `Comment ${i}`, js: "1" }, cookie);
    expect(res.status, `comment ${i + 1}`).toBe(200);
  }
  const refused = await postForm(`${site.origin}/api/comments`, { videoId, content: "One too many", js: "1" }, cookie);
  expect(refused.status).toBe(429);
  const stored = await site.db.db
    .selectFrom("comments")
    .select((e) => e.fn.countAll<string>().as("n"))
    .where("video_id", "=", videoId)
    .executeTakeFirstOrThrow();
  expect(Number(stored.n)).toBe(COMMENT_RATE_LIMIT.points);
});

type AdStates = Record<string, { isActive: boolean }>;

/** The live ad feed at `url`, read as a browser's EventSource would: each `ad-units` event's configuration. */
async function openAdFeed(url: string) {
  const controller = new AbortController();
  const res = await fetch(url, { signal: controller.signal });
  expect(res.status).toBe(200);
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  const next = async (): Promise<AdStates> => {
    for (;;) {
      const end = buffer.indexOf("\n\n");
      if (end >= 0) {
        const event = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = /^data: (.*)$/m.exec(event)?.[1];
        if (/^event: ad-units$/m.test(event) && data) return JSON.parse(data) as AdStates;
        continue;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error("the feed ended");
      buffer += decoder.decode(value, { stream: true });
    }
  };
  return { next, close: () => controller.abort() };
}

test("an ad unit switched in the console at A reaches live feeds held open at B and through nginx", async () => {
  const email = uniqueEmail("scale-admin");
  const cookie = await signIn(site, email);
  await makeAdmin(email);
  const unit = await site.db.db.selectFrom("ad_units").select(["id", "name", "is_active"]).orderBy("name").executeTakeFirstOrThrow();

  // Through nginx the stream must not be buffered: the first event would otherwise never arrive.
  const feeds = [await openAdFeed(`${b}/api/ads/events`), await openAdFeed(`${site.origin}/api/ads/events`)];
  try {
    for (const feed of feeds) expect((await feed.next())[unit.name]?.isActive).toBe(unit.is_active);
    const switched = Date.now();
    const res = await postForm(`${a}/admin/ads`, { intent: "toggle", unitId: unit.id, active: String(!unit.is_active) }, cookie);
    expect(res.status).toBeLessThan(400);
    for (const feed of feeds) expect((await feed.next())[unit.name]?.isActive).toBe(!unit.is_active);
    test.info().annotations.push({ type: "live feed across instances", description: `${Date.now() - switched} ms` });
  } finally {
    for (const feed of feeds) feed.close();
  }
});

test("view counting is exact across instances: each session counts once, the per-address cap is shared", async () => {
  const videos = await Promise.all([1, 2, 3].map((n) => publicVideo(`Views ${n}`, 2))); // threshold 1 s
  const sessions = VIEW_ALLOWANCE.views + 1;
  const tokens: { videoId: string; cookie: string; token: string; at: string; other: string }[] = [];
  for (const videoId of videos) {
    for (let s = 0; s < sessions; s++) {
      const [at, other] = (s % 2 ? [a, b] : [b, a]) as [string, string];
      const res = await postForm(`${at}/api/play-token`, { videoId });
      const { token } = (await res.json()) as { token: string };
      const cookie = /viewSession=[0-9a-f-]{36}/.exec(res.headers.getSetCookie().join("\n"))?.[0] as string;
      tokens.push({ videoId, cookie, token, at, other });
    }
  }
  await new Promise((r) => setTimeout(r, 1_100));
  const outcomes = await Promise.all(
    tokens.map(async (t) => {
      const res = await postForm(`${t.other}/api/views`, { videoId: t.videoId, token: t.token }, t.cookie);
      return ((await res.json()) as { counted: boolean }).counted;
    }),
  );
  // The same sessions again, at the instance that issued the tokens: nothing more counts.
  const repeats = await Promise.all(
    tokens.map(
      async (t) =>
        ((await (await postForm(`${t.at}/api/views`, { videoId: t.videoId, token: t.token }, t.cookie)).json()) as { counted: boolean })
          .counted,
    ),
  );
  expect(outcomes.filter(Boolean)).toHaveLength(videos.length * VIEW_ALLOWANCE.views);
  expect(repeats.filter(Boolean)).toHaveLength(0);
  const rows = await site.db.db.selectFrom("videos").select(["id", "views"]).where("id", "in", videos).execute();
  expect(rows.map((r) => r.views)).toEqual(videos.map(() => VIEW_ALLOWANCE.views));
});

test("a resumable upload's chunks through nginx all reach the instance that holds it", async () => {
  const email = uniqueEmail("scale-uploader");
  const cookie = await signIn(site, email);
  await makeAdmin(email);
  const chunks = [Buffer.alloc(64 * 1024, 1), Buffer.alloc(64 * 1024, 2), Buffer.alloc(32 * 1024, 3)];
  const total = chunks.reduce((n, c) => n + c.length, 0);
  const tus = { "tus-resumable": "1.0.0", origin: site.origin, cookie };
  const b64 = (v: string) => Buffer.from(v).toString("base64");
  const created = await fetch(`${site.origin}${paths.admin.uploads()}`, {
    method: "POST",
    headers: { ...tus, "upload-length": String(total), "upload-metadata": `filename ${b64("clip.mp4")},filetype ${b64("video/mp4")}` },
  });
  expect(created.status).toBe(201);
  const location = new URL(created.headers.get("location") as string, site.origin).pathname;
  let offset = 0;
  // Round robin would send every other request to the instance without the upload (404): the upload routes
  // are pinned to one instance per client (docs/deploy/nginx-site.conf).
  for (const chunk of chunks) {
    const res = await fetch(`${site.origin}${location}`, {
      method: "PATCH",
      headers: { ...tus, "upload-offset": String(offset), "content-type": "application/offset+octet-stream" },
      body: chunk,
    });
    expect(res.status, `chunk at ${offset}`).toBe(204);
    offset = Number(res.headers.get("upload-offset"));
  }
  for (let i = 0; i < 4; i++) {
    const head = await fetch(`${site.origin}${location}`, { method: "HEAD", headers: tus });
    expect(head.status).toBe(200);
    expect(head.headers.get("upload-offset")).toBe(String(total));
  }
  expect((await fetch(`${site.origin}${location}`, { method: "DELETE", headers: tus })).status).toBe(204);
});

test("X-Forwarded-For is believed from the proxy's address only", async () => {
  /** Sends the contact form from `from` to `origin` with a forged X-Forwarded-For; returns the address stored. */
  const contactFrom = async (from: string, origin: string, email: string) => {
    const forged = { "x-forwarded-for": "203.0.113.9", cookie: "ageVerified=true" };
    const page = await requestFrom(from, `${origin}/contact`, { headers: forged });
    const formToken =
      /name="formToken"[^>]*value="([^"]+)"/.exec(page.body)?.[1] ?? /value="([^"]+)"[^>]*name="formToken"/.exec(page.body)?.[1];
    expect(formToken, "the contact page carries its form token").toBeTruthy();
    await new Promise((r) => setTimeout(r, 3_100)); // the form's 3-second rule
    const sent = await requestFrom(from, `${origin}/contact`, {
      method: "POST",
      headers: { ...forged, "content-type": "application/x-www-form-urlencoded", origin },
      body: new URLSearchParams({
        name: "Proxy Test",
        email,
        subject: "Where am I from",
        message: "Checking which address the site stores.",
        formToken: formToken as string,
        website: "",
      }).toString(),
    });
    expect(sent.status).toBeLessThan(400);
    const row = await site.db.db.selectFrom("contact_messages").select("ip_address").where("email", "=", email).executeTakeFirstOrThrow();
    return row.ip_address;
  };
  // Through nginx from 127.0.0.3: nginx replaces the forged header with the client's address, which the app believes.
  expect(await contactFrom("127.0.0.3", site.origin, uniqueEmail("via-proxy"))).toBe("127.0.0.3");
  // Straight to an instance from 127.0.0.4 with the same forgery: not the proxy, so the header is ignored.
  expect(await contactFrom("127.0.0.4", a, uniqueEmail("direct"))).toBe("127.0.0.4");
});
