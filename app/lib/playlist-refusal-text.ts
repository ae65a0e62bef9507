import type { Translate } from "~/lib/i18n";
import { PLAYLIST_LIMITS, type PlaylistError, type PlaylistRefusal } from "~core/playlists";
import type { MessageId } from "../../server/i18n/catalog";

const TEXT: Record<Exclude<PlaylistError, "invalid" | "banned">, MessageId<"playlists">> = {
  "sign-in": "signIn",
  "not-found": "notFound",
  "video-not-found": "videoNotFound",
  "too-many-playlists": "tooManyPlaylists",
  full: "playlistFull",
  "too-many": "tooManyRequests",
  unreadable: "unreadable",
  failed: "failed",
};

/**
 * A refused playlist write in words (docs/product.md "Playlists"), with `t` of the page's language in a component
 * or of the form's language on the server (app/routes/api/playlists.ts): the same text either way.
 */
export function refusalText(t: Translate<"playlists">, refusal: PlaylistRefusal): string {
  const { error, field, problem } = refusal;
  if (field && problem === "policy") return t(field === "title" ? "titlePolicy" : "descriptionPolicy", { term: refusal.term ?? "" });
  if (field === "title" && problem === "required") return t("titleRequired");
  if (field === "title" && problem === "too-long") return t("titleTooLong", { max: PLAYLIST_LIMITS.titleMax });
  if (field === "description" && problem === "too-long") return t("descriptionTooLong", { max: PLAYLIST_LIMITS.descriptionMax });
  if (error === "banned") return refusal.reason ? t("bannedWithReason", { reason: refusal.reason }) : t("banned");
  if (error === "invalid") return t("unreadable");
  const max = error === "full" ? PLAYLIST_LIMITS.itemsPerPlaylist : PLAYLIST_LIMITS.playlistsPerUser;
  return t(TEXT[error], { max });
}
