import { createPlaylist } from "../../server/services/playlist-edits";
import { getPlaylistPage } from "../../server/services/playlist-page";

/** The service tests of server/services/playlist-*.ts share these: a playlist's form fields, a new one, its order. */

export const playlistFields = (title: string, isPublic = false) => ({ title, description: "", isPublic });

/** A new playlist of `userId` (private unless asked), by the service the console and the API use. */
export async function newPlaylist(userId: string, title = "Mine", isPublic = false): Promise<string> {
  const made = await createPlaylist(userId, playlistFields(title, isPublic));
  if (made.status !== "created") throw new Error(made.status);
  return made.id;
}

/** The video ids of a playlist's first page as `viewer` sees them. */
export async function playlistOrder(viewer: string | null, ref: string): Promise<string[]> {
  return ((await getPlaylistPage(viewer, ref, 1))?.items ?? []).map((i) => i.id);
}
