import fs from "node:fs";
import path from "node:path";
import type { APIResponse } from "@playwright/test";
import { paths } from "../../core/paths";
import { accountState, newVisitor, postTestHook, signInOverHttp, testVideo, uniqueEmail } from "../support/account-session";
import { expect, test } from "./support";

/**
 * Issue 32 item 1: a ban is one capability (server/services/standing.ts) that every write consults. This walks
 * every route module that takes writes, outside the console (admins cannot be banned), as a banned user: what
 * publishes or takes part (comments, likes, creating and editing playlists) is refused with 403 and the
 * moderator's reason, and nothing is stored; what stays theirs (their data, their account, taking things away,
 * watching, legal and contact requests) is not refused because of the ban (it may be refused for its own reasons:
 * the walk sends no form tokens). A route module that takes writes and
 * is missing from WALK fails the first test, so a new one cannot skip the question.
 */

const REASON = "Spam links in comments, three warnings.";

type Expect = "refused" | "allowed";
interface Step {
  what: string;
  expect: Expect;
  send: (s: Setup) => Promise<APIResponse>;
}
interface Setup {
  post: (url: string, form: Record<string, string>, headers?: Record<string, string>) => Promise<APIResponse>;
  videoId: string;
  commentId: string;
  playlistId: string;
}

/** Every route module (app/routes, the console aside) that has an action, with what a banned user's write does. */
const WALK: Record<string, Step[]> = {
  "api/comments.ts": [
    {
      what: "comment",
      expect: "refused",
      send: (s) => s.post(paths.api.comments(), { videoId: s.videoId, content: "Still here.", js: "1" }),
    },
    {
      what: "reply",
      expect: "refused",
      send: (s) => s.post(paths.api.comments(), { videoId: s.videoId, parentId: s.commentId, content: "Me too.", js: "1" }),
    },
  ],
  "api/like.ts": [{ what: "like", expect: "refused", send: (s) => s.post(paths.api.like(s.videoId), { liked: "true", js: "1" }) }],
  "api/playlists.ts": [
    {
      what: "create a playlist",
      expect: "refused",
      send: (s) => s.post(paths.api.playlists(), { intent: "create", title: "New list", visibility: "public" }),
    },
    {
      what: "rename or publish a playlist",
      expect: "refused",
      send: (s) =>
        s.post(paths.api.playlists(), {
          intent: "update",
          playlist: s.playlistId,
          title: "Renamed",
          description: "",
          visibility: "public",
        }),
    },
    {
      what: "add to a playlist",
      expect: "refused",
      send: (s) => s.post(paths.api.playlists(), { intent: "add", playlist: s.playlistId, videoId: s.videoId }),
    },
    {
      what: "reorder a playlist",
      expect: "refused",
      send: (s) => s.post(paths.api.playlists(), { intent: "move", playlist: s.playlistId, videoId: s.videoId, to: "0" }),
    },
    {
      what: "take a video out",
      expect: "allowed",
      send: (s) => s.post(paths.api.playlists(), { intent: "remove", playlist: s.playlistId, videoId: s.videoId }),
    },
    {
      what: "delete a playlist",
      expect: "allowed",
      send: (s) => s.post(paths.api.playlists(), { intent: "delete", playlist: s.playlistId }),
    },
  ],
  "api/comment-delete.ts": [
    {
      what: "delete their comment",
      expect: "allowed",
      send: (s) => s.post(paths.api.deleteComment(s.commentId), { videoId: s.videoId, js: "1" }),
    },
  ],
  "api/favorites.ts": [
    { what: "favorite", expect: "allowed", send: (s) => s.post(paths.api.favorites(), { videoId: s.videoId, favorite: "true" }) },
  ],
  "api/history.ts": [
    { what: "watch history", expect: "allowed", send: (s) => s.post(paths.api.history(), { videoId: s.videoId, position: "3" }) },
  ],
  "api/autoplay.ts": [{ what: "autoplay choice", expect: "allowed", send: (s) => s.post(paths.api.autoplay(), { autoplay: "off" }) }],
  "api/caption-style.ts": [
    {
      what: "caption style",
      expect: "allowed",
      send: (s) =>
        s.post(paths.api.captionStyle(), {
          size: "150",
          font: "serif",
          color: "yellow",
          background: "black",
          backgroundOpacity: "50",
          edge: "none",
        }),
    },
  ],
  "api/play-token.ts": [{ what: "play", expect: "allowed", send: (s) => s.post(paths.api.playToken(), { videoId: s.videoId }) }],
  "api/views.ts": [{ what: "count a view", expect: "allowed", send: (s) => s.post(paths.api.views(), { videoId: s.videoId, token: "x" }) }],
  "account/settings.tsx": [{ what: "autoplay setting", expect: "allowed", send: (s) => s.post(paths.settings(), { intent: "autoplay" }) }],
  "account/history.tsx": [{ what: "clear history", expect: "allowed", send: (s) => s.post(paths.history(), { intent: "clear" }) }],
  "account/export.ts": [{ what: "export their data", expect: "allowed", send: (s) => s.post(paths.settingsExport(), {}) }],
  "report.tsx": [{ what: "report", expect: "allowed", send: (s) => s.post(`/report?video=${s.videoId}`, { reason: "spam", details: "" }) }],
  "contact.tsx": [
    {
      what: "contact form",
      expect: "allowed",
      send: (s) => s.post(paths.contact(), { name: "A", email: "a@example.com", subject: "Hi", message: "Hello there." }),
    },
  ],
  "takedown.tsx": [{ what: "takedown request", expect: "allowed", send: (s) => s.post(paths.takedown(), {}) }],
  "age-verification.ts": [{ what: "age gate", expect: "allowed", send: (s) => s.post(paths.ageVerification(), { answer: "yes" }) }],
  "age-check.tsx": [{ what: "age check", expect: "allowed", send: (s) => s.post("/age-check", {}) }],
  "login.tsx": [
    { what: "sign in again", expect: "allowed", send: (s) => s.post(paths.login(), { intent: "request-code", email: "x@example.com" }) },
  ],
  "logout.ts": [{ what: "sign out", expect: "allowed", send: (s) => s.post(paths.logout(), {}) }],
};

/** Route modules under app/routes that export an action, the console aside (relative, e.g. `api/like.ts`). */
function writeRoutes(): string[] {
  const root = path.resolve(import.meta.dirname, "../../app/routes");
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name) && /export (async )?function action\b|export const action\b/.test(fs.readFileSync(file, "utf8")))
        found.push(path.relative(root, file));
    }
  };
  walk(root);
  return found.filter((f) => !f.startsWith("admin/")).sort();
}

test("every route that takes writes is in the walk", () => {
  expect(Object.keys(WALK).sort()).toEqual(writeRoutes());
});

test("a banned user is refused what publishes, with the moderator's reason, and keeps what is theirs", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const { context, ip } = await newVisitor(browser, baseURL, { baseURL });
  const email = uniqueEmail("banned-walk");
  await signInOverHttp(context.request, email, ip);
  const videoId = await testVideo(baseURL);
  const post = (url: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
    context.request.post(url, {
      form,
      headers: { Accept: "application/json", "X-Forwarded-For": ip, ...headers },
      maxRedirects: 0,
      failOnStatusCode: false,
    });
  // Before the ban: a comment, and a public playlist holding the video (both allowed now).
  expect((await post(paths.api.comments(), { videoId, content: "Written before the ban.", js: "1" })).status()).toBe(200);
  const made = await post(paths.api.playlists(), { intent: "create", title: "Before the ban", visibility: "public", videoId });
  expect(made.status()).toBe(200);
  const playlistId = ((await made.json()) as { playlistId: string }).playlistId;
  const commentId = (await community(baseURL, videoId)).comments[0]?.id ?? "";
  expect(commentId).not.toBe("");
  expect((await context.request.get(paths.playlist(playlistId))).status()).toBe(200);

  await postTestHook(baseURL, "users/ban", { email, reason: REASON });
  // Their public playlist is no longer public while the ban lasts: another visitor gets the 404 page.
  const other = await newVisitor(browser, baseURL, { baseURL });
  expect((await other.context.request.get(paths.playlist(playlistId), { failOnStatusCode: false })).status()).toBe(404);
  await other.context.close();

  const setup: Setup = { post, videoId, commentId, playlistId };
  for (const [route, steps] of Object.entries(WALK)) {
    for (const step of steps) {
      const res = await step.send(setup);
      const body = await res.text();
      const label = `${route}: ${step.what} answered ${res.status()} ${body.slice(0, 200)}`;
      if (step.expect === "refused") {
        expect(res.status(), label).toBe(403);
        expect(body, label).toContain(`The moderators' reason: ${REASON}`);
      } else {
        // Refused or not for its own reasons (a missing form token, a play token of the walk's making), but never
        // for the ban: the ban's answer always gives the moderators' reason (the refusal's wording alone may be in
        // any page's data, with the texts its components show).
        expect(body, label).not.toContain(REASON);
        expect(res.status(), label).toBeLessThan(500);
      }
    }
  }
  // Nothing the refused writes asked for was stored: no new comment or reply, no like, no new or renamed list.
  const after = await community(baseURL, videoId);
  expect(after.likes).toBe(0);
  expect(after.comments.map((c) => c.content)).toEqual(["Written before the ban."]);
  expect(after.comments[0]?.is_deleted).toBe(true); // deleting their own comment stayed theirs to do
  const titles = ((await accountState(baseURL, email)).playlists ?? []).map((l) => l.title);
  expect(titles).not.toContain("New list");
  expect(titles).not.toContain("Renamed");
  await context.close();
});

/** The video's likes and comments as the database holds them (tests/support/composition/test-routes.ts). */
async function community(baseURL: string | undefined, videoId: string) {
  const res = await fetch(`${baseURL}/__test/community?videoId=${videoId}`);
  return (await res.json()) as { likes: number; comments: { id: string; content: string; is_deleted: boolean }[] };
}
