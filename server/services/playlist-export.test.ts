import { describe, expect, it } from "vitest";
import { WATCH_LATER } from "../../core/playlists";
import { insertNewUser, insertVideo } from "../../tests/support/fixtures";
import { newPlaylist } from "../../tests/support/playlists";
import { useTestDatabase } from "../../tests/support/test-db";
import { deleteAccount, exportAccountData } from "./account";
import { addToPlaylist, moveInPlaylist } from "./playlist-items";
import { getPlaylistPage } from "./playlist-page";

const { handle } = useTestDatabase();

const newUser = (tag = "pl") => insertNewUser(handle().db, tag);

describe("playlists in the data export, on PostgreSQL", () => {
  it("goes into the data export in order, and goes with the account", async () => {
    const me = await newUser();
    const [a, b] = [await insertVideo(handle().db, { title: "First" }), await insertVideo(handle().db, { title: "Second" })];
    await addToPlaylist(me, WATCH_LATER, b.id);
    const list = await newPlaylist(me, "Public one", true);
    await addToPlaylist(me, list, a.id);
    await addToPlaylist(me, list, b.id);
    await moveInPlaylist(me, list, b.id, 0);

    const exported = await exportAccountData(me);
    expect(exported?.playlists).toMatchObject([
      { kind: "watch_later", title: "Watch Later", visibility: "private", items: [{ videoId: b.id, title: "Second" }] },
      {
        id: list,
        kind: "playlist",
        title: "Public one",
        visibility: "public",
        items: [
          { videoId: b.id, title: "Second" },
          { videoId: a.id, title: "First" },
        ],
      },
    ]);

    expect(await deleteAccount(me)).toBe(true);
    const db = handle().db;
    expect(await db.selectFrom("playlists").select("id").where("user_id", "=", me).execute()).toEqual([]);
    expect(await db.selectFrom("playlist_items").select("video_id").where("playlist_id", "=", list).execute()).toEqual([]);
    expect(await getPlaylistPage(null, list, 1)).toBeNull();
  });
});
