import { data, redirect } from "react-router";
import { refusalText } from "~/lib/playlist-refusal-text";
import { routeInput } from "~/lib/route-contract.server";
import { contentPolicyTerm } from "~core/content-safety";
import { type Locale, splitLocalePath } from "~core/locales";
import { input, parseForm, readForm } from "~core/params";
import { type Paths, pathsIn } from "~core/paths";
import { PLAYLIST_FORMS, type PlaylistForm, playlistForm, playlistIntent } from "~core/playlist-schema";
import type { PlaylistAnswer, PlaylistChoicesAnswer, PlaylistError, PlaylistRefusal } from "~core/playlists";
import { safeRedirectPath } from "~core/redirect-to";
import { defineRoute } from "~core/route-contract";
import { z } from "~core/zod";
import { consumeAccountLimit, retryAfterSeconds } from "../../../server/auth/account-limits";
import { classifyFailure, UNAVAILABLE_HEADERS } from "../../../server/http/route-errors";
import { getViewer } from "../../../server/http/session";
import { translate } from "../../../server/i18n/catalog";
import { playlistChoices } from "../../../server/services/owned-playlists";
import { createPlaylist, deletePlaylist, updatePlaylist } from "../../../server/services/playlist-edits";
import { addToPlaylist, moveInPlaylist, removeFromPlaylist } from "../../../server/services/playlist-items";
import { banReason } from "../../../server/services/standing";
import type { Route } from "./+types/playlists";
import { failureAnswer, jsonAnswer, NO_STORE } from "./json-answer";

/**
 * `POST /api/playlists`: every playlist write of the signed-in user, by `intent` (core/playlist-schema.ts):
 * create, update (title, description, visibility), delete, add, remove, move; Watch Later is `playlist=watch-later`
 * with add and remove. A fetcher gets JSON `PlaylistAnswer`; a form posted without JavaScript (Accept:
 * text/html) is sent back to `redirectTo` when it worked, and gets the refusal's sentence as a plain page
 * when it did not, in the language of `redirectTo`'s page; visitors go to sign in first. A script words the
 * refusal itself in its page's language (core/playlists.ts PlaylistRefusal).
 *
 * `GET /api/playlists?video=<id>`: the Save dialog's list, the user's playlists and whether each holds the video.
 */

export const contract = defineRoute({
  access: "signed-in",
  kind: "resource",
  input: { form: playlistForm, query: z.object({ video: input.videoId.optional() }) },
});

const STATUS: Record<PlaylistError, number> = {
  "sign-in": 401,
  "not-found": 404,
  "video-not-found": 404,
  "too-many-playlists": 409,
  full: 409,
  "too-many": 429,
  banned: 403,
  invalid: 400,
  unreadable: 400,
  failed: 500,
};

/** What a write comes to: done, or refused (worded for the answer by `worded`). */
type Result = Extract<PlaylistAnswer, { ok: true }> | PlaylistRefusal;

/** A refusal, with what is wrong with a form field the person can fix (title, description). */
const refusal = (error: PlaylistError, detail: Omit<PlaylistRefusal, "ok" | "error"> = {}): PlaylistRefusal => ({
  ok: false,
  error,
  ...detail,
});

/** The refusal in `locale`'s words, as `message` (docs/product.md "Playlists"). */
function worded(result: PlaylistRefusal, locale: Locale): Extract<PlaylistAnswer, { ok: false }> {
  return { ...result, message: refusalText((id, values) => translate(locale, "playlists", id, values), result) };
}

/** What is wrong with the first refused title or description: missing, too long, or against the content policy. */
function fieldRefusal(schema: z.ZodObject, raw: Record<string, unknown>): PlaylistRefusal {
  const parsed = schema.safeParse(raw);
  const issue = parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === "title" || i.path[0] === "description");
  // Other custom issues are the text checks of params.ts (control characters): unreadable, not the person's to fix.
  const term = issue ? contentPolicyTerm(issue) : null;
  if (!issue || (issue.code === "custom" && term === null)) return refusal("unreadable");
  const field = issue.path[0] as "title" | "description";
  if (term !== null) return refusal("invalid", { field, problem: "policy", term });
  if (issue.code === "too_big") return refusal("invalid", { field, problem: "too-long" });
  return field === "title" ? refusal("invalid", { field, problem: "required" }) : refusal("unreadable");
}

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  if (request.method !== "POST") throw data(null, { status: 405, headers: { Allow: "POST" } });
  const wantsPage = (request.headers.get("accept") ?? "").includes("text/html");
  // The longest legitimate form: a 1,000-character description of 4-byte characters, percent-encoded.
  const body = await readForm(request, 32 * 1024);
  if (!body.ok) return jsonAnswer(body.status, worded(refusal("unreadable"), "en"), body.headers);
  const intent = playlistIntent.safeParse(body.form.get("intent"));
  const schema = intent.success ? PLAYLIST_FORMS[intent.data] : undefined;
  const form = schema ? (parseForm(schema, body.form) as PlaylistForm | undefined) : undefined;
  // The page the form was sent from says the language of the answer and of the pages it leads to.
  const sentFrom = body.form.get("redirectTo");
  const locale = splitLocalePath(safeRedirectPath(typeof sentFrom === "string" ? sentFrom : undefined, "/")).locale;
  const paths = pathsIn(locale);
  const back = safeRedirectPath(
    form?.redirectTo,
    form && "videoId" in form && form.videoId ? paths.video(form.videoId) : paths.playlists(),
  );

  const answer = (result: Result, headers: Record<string, string> = {}, next = back) => {
    const status = result.ok ? 200 : STATUS[result.error];
    if (!wantsPage) return jsonAnswer(status, result.ok ? result : worded(result, locale), headers);
    if (result.ok) return redirect(next, { headers: NO_STORE });
    // Without JavaScript: the sentence, and the way back (the browser's).
    const text = worded(result, locale).message;
    return new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8", ...NO_STORE, ...headers } });
  };
  if (!schema) return answer(refusal("unreadable"));
  if (!form) {
    const raw = Object.fromEntries([...body.form.entries()].filter(([, v]) => typeof v === "string"));
    return answer(fieldRefusal(schema, raw));
  }

  const viewer = await getViewer(args);
  if (!viewer) {
    if (wantsPage) return redirect(paths.login(back), { headers: NO_STORE });
    return answer(refusal("sign-in"));
  }
  try {
    const limit = await consumeAccountLimit("playlists", viewer.id);
    if (!limit.allowed) return answer(refusal("too-many"), { "Retry-After": retryAfterSeconds(limit) });
    return answer(...(await write(viewer.id, form, back, paths)));
  } catch (err) {
    if (classifyFailure(context, "playlist", err) === "unavailable") {
      return jsonAnswer(503, worded(refusal("failed"), locale), UNAVAILABLE_HEADERS);
    }
    return answer(refusal("failed"));
  }
}

/**
 * What a banned user may still do with their lists (server/services/standing.ts): take things away. Creating,
 * editing, adding and reordering are publishing, refused with the moderator's reason.
 */
const WHILE_BANNED: ReadonlySet<PlaylistForm["intent"]> = new Set(["delete", "remove"]);

/** The write itself: its answer, and where a page goes afterwards. */
async function write(userId: string, form: PlaylistForm, back: string, paths: Paths): Promise<[Result, Record<string, string>, string]> {
  const ok = (extra: Omit<Extract<Result, { ok: true }>, "ok"> = {}, next = back): [Result, Record<string, string>, string] => [
    { ok: true, ...extra },
    {},
    next,
  ];
  const no = (error: PlaylistError): [Result, Record<string, string>, string] => [refusal(error), {}, back];
  if (!WHILE_BANNED.has(form.intent)) {
    const banned = (await banReason(userId))?.trim();
    if (banned !== undefined) return [refusal("banned", banned ? { reason: banned } : {}), {}, back];
  }
  switch (form.intent) {
    case "create": {
      const fields = { title: form.title, description: form.description, isPublic: form.visibility };
      const made = await createPlaylist(userId, fields, form.videoId);
      if (made.status === "too-many") return no("too-many-playlists");
      if (made.status === "video-not-found") return no("video-not-found");
      // Made on its page: that is where the person goes; from the Save dialog, back to the video.
      return ok({ playlistId: made.id, saved: Boolean(form.videoId) }, form.redirectTo ? back : paths.playlist(made.id));
    }
    case "update": {
      const fields = { title: form.title, description: form.description, isPublic: form.visibility };
      return (await updatePlaylist(userId, form.playlist, fields)) ? ok({ playlistId: form.playlist }) : no("not-found");
    }
    case "delete":
      return (await deletePlaylist(userId, form.playlist)) ? ok({}, paths.playlists()) : no("not-found");
    case "add": {
      const added = await addToPlaylist(userId, form.playlist, form.videoId);
      if (added === "added" || added === "already") return ok({ saved: true });
      return no(added === "full" ? "full" : added);
    }
    case "remove":
      return (await removeFromPlaylist(userId, form.playlist, form.videoId)) ? ok({ saved: false }) : no("not-found");
    case "move":
      return (await moveInPlaylist(userId, form.playlist, form.videoId, form.to)) === "moved" ? ok() : no("not-found");
  }
}

/** The Save dialog's list (the signed-in user's playlists, and whether each holds `video`). */
export async function loader(args: Route.LoaderArgs) {
  const { video } = routeInput(args.context, contract).query;
  if (!video) return jsonAnswer(400, { ok: false, error: "unreadable" });
  try {
    const viewer = await getViewer(args);
    if (!viewer) return jsonAnswer<PlaylistChoicesAnswer>(401, { ok: false, error: "sign-in" });
    return jsonAnswer<PlaylistChoicesAnswer>(200, { ok: true, playlists: await playlistChoices(viewer.id, video) });
  } catch (err) {
    return failureAnswer<PlaylistChoicesAnswer>(args.context, "playlist choices", err, { ok: false, error: "failed" });
  }
}
