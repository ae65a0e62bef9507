import { routeInput } from "~/lib/route-contract.server";
import { DEFAULT_LOCALE, LOCALES } from "~core/locales";
import { input } from "~core/params";
import { playlistRef } from "~core/playlist-schema";
import type { PlaylistQueueAnswer } from "~core/playlists";
import { defineRoute } from "~core/route-contract";
import { z } from "~core/zod";
import { getViewer } from "../../../server/http/session";
import { localizeQueue } from "../../../server/services/content-translations";
import { playlistQueue } from "../../../server/services/playlist-queue";
import type { Route } from "./+types/playlist-queue";
import { failureAnswer, jsonAnswer } from "./json-answer";

/**
 * `GET /api/playlists/:list/queue?video=<id>`: the play-through queue beside a video played with `?list=`
 * (core/playlists.ts PlaylistQueue). The video page is the same cached page for everyone, so the queue comes
 * after hydration from here: the owner's private list or anyone's public one; anything else is a 404, as a
 * private playlist is to everyone but its owner (docs/decisions/0034-playlists.md).
 */

export const contract = defineRoute({
  access: "public",
  kind: "resource",
  // `lang`: the page's language, for the titles (docs/i18n.md "Content"); none is English, an unknown one a 400.
  input: {
    params: z.object({ list: playlistRef }),
    query: z.object({ video: input.videoId, lang: z.enum(LOCALES).default(DEFAULT_LOCALE) }),
  },
});

export async function loader(args: Route.LoaderArgs) {
  const { params, query } = routeInput(args.context, contract);
  try {
    const viewer = await getViewer(args);
    const found = await playlistQueue(viewer?.id ?? null, params.list, query.video);
    const queue = found && (await localizeQueue(found, query.lang));
    if (!queue) return jsonAnswer<PlaylistQueueAnswer>(404, { ok: false, error: "not-found" });
    return jsonAnswer<PlaylistQueueAnswer>(200, { ok: true, queue });
  } catch (err) {
    return failureAnswer<PlaylistQueueAnswer>(args.context, "playlist queue", err, { ok: false, error: "failed" });
  }
}
