import { describe, expect, it } from "vitest";
import { PLAYLIST_LIMITS, WATCH_LATER } from "../../core/playlists";
import { insertNewUser, insertVideo } from "../../tests/support/fixtures";
import { newPlaylist, playlistFields, playlistOrder } from "../../tests/support/playlists";
import { useTestDatabase } from "../../tests/support/test-db";
import { inWatchLater, listPlaylists } from "./owned-playlists";
import { createPlaylist, deletePlaylist, updatePlaylist } from "./playlist-edits";
import { addToPlaylist, moveInPlaylist, removeFromPlaylist } from "./playlist-items";
import { getPlaylistPage } from "./playlist-page";
import { viewerState } from "./viewer-state";

const { handle } = useTestDatabase();

const newUser = (tag = "pl") => insertNewUser(handle().db, tag);

describe("a playlist's videos on PostgreSQL", () => {
  it("Watch Later: made on the first save, toggled, listed first, never renamed, deleted or public", async () => {
    const me = await newUser();
    const video = await insertVideo(handle().db);
    // Before the first save: listed, empty, and removing is harmless.
    expect(await listPlaylists(me)).toMatchObject([{ id: WATCH_LATER, kind: "watch_later", title: "Watch Later", count: 0 }]);
    expect(await removeFromPlaylist(me, WATCH_LATER, video.id)).toBe(true);
    expect(await getPlaylistPage(me, WATCH_LATER, 1)).toMatchObject({ mine: true, items: [], total: 0 });

    expect(await addToPlaylist(me, WATCH_LATER, video.id)).toBe("added");
    expect(await addToPlaylist(me, WATCH_LATER, video.id)).toBe("already");
    expect(await inWatchLater(me, video.id)).toBe(true);
    expect(
      (await viewerState({ id: me, email: "", name: null, avatarUrl: null, role: "user", isCreator: false }, { video: video.id })).video,
    ).toMatchObject({
      watchLater: true,
    });
    const lists = await listPlaylists(me);
    expect(lists).toHaveLength(1);
    const wl = lists[0]!;
    expect(wl).toMatchObject({ kind: "watch_later", count: 1 });
    expect(wl.id).not.toBe(WATCH_LATER);
    // Its own id names it for editing purposes nowhere: not renamed, not deleted.
    expect(await updatePlaylist(me, wl.id, playlistFields("Renamed", true))).toBe(false);
    expect(await deletePlaylist(me, wl.id)).toBe(false);

    expect(await removeFromPlaylist(me, WATCH_LATER, video.id)).toBe(true);
    expect(await inWatchLater(me, video.id)).toBe(false);
    // Concurrent first saves meet at the unique index: one Watch Later.
    const other = await newUser();
    const [a, b] = [await insertVideo(handle().db), await insertVideo(handle().db)];
    expect(await Promise.all([addToPlaylist(other, WATCH_LATER, a.id), addToPlaylist(other, WATCH_LATER, b.id)])).toEqual([
      "added",
      "added",
    ]);
    expect((await listPlaylists(other)).filter((l) => l.kind === "watch_later")).toHaveLength(1);
  });

  it("keeps the owner's order: appends, removes closing the gap, moves up, down and past the end", async () => {
    const me = await newUser();
    const list = await newPlaylist(me);
    const v = [];
    for (let i = 0; i < 5; i++) v.push((await insertVideo(handle().db)).id);
    for (const id of v) expect(await addToPlaylist(me, list, id)).toBe("added");
    expect(await playlistOrder(me, list)).toEqual(v);

    expect(await moveInPlaylist(me, list, v[4]!, 0)).toBe("moved"); // last to first
    expect(await playlistOrder(me, list)).toEqual([v[4], v[0], v[1], v[2], v[3]]);
    expect(await moveInPlaylist(me, list, v[4]!, 2)).toBe("moved"); // down two
    expect(await playlistOrder(me, list)).toEqual([v[0], v[1], v[4], v[2], v[3]]);
    expect(await moveInPlaylist(me, list, v[0]!, 99)).toBe("moved"); // past the end: last
    expect(await playlistOrder(me, list)).toEqual([v[1], v[4], v[2], v[3], v[0]]);
    expect(await removeFromPlaylist(me, list, v[4]!)).toBe(true);
    expect(await playlistOrder(me, list)).toEqual([v[1], v[2], v[3], v[0]]);
    // Positions stay 1..n without gaps or repeats after all that.
    const positions = await handle()
      .db.selectFrom("playlist_items")
      .select("position")
      .where("playlist_id", "=", list)
      .orderBy("position")
      .execute();
    expect(positions.map((p) => p.position)).toEqual([1, 2, 3, 4]);
    // Appended after a removal: at the end.
    expect(await addToPlaylist(me, list, v[4]!)).toBe("added");
    expect(await playlistOrder(me, list)).toEqual([v[1], v[2], v[3], v[0], v[4]]);
    expect(await moveInPlaylist(me, list, (await insertVideo(handle().db)).id, 0)).toBe("not-found");
  });

  it("enforces the limits: playlists per user, videos per playlist", async () => {
    const me = await newUser();
    const db = handle().db;
    await db
      .insertInto("playlists")
      .values(Array.from({ length: PLAYLIST_LIMITS.playlistsPerUser - 1 }, (_, i) => ({ user_id: me, title: `List ${i}` })))
      .execute();
    const last = await createPlaylist(me, playlistFields("The last one"));
    if (last.status !== "created") throw new Error(last.status);
    expect(await createPlaylist(me, playlistFields("One too many"))).toEqual({ status: "too-many" });
    // Watch Later does not count against them.
    const video = await insertVideo(db);
    expect(await addToPlaylist(me, WATCH_LATER, video.id)).toBe("added");

    // Filled to the limit directly (5,000 adds one by one would cost time and prove nothing more).
    const made = await db
      .insertInto("videos")
      .values(Array.from({ length: PLAYLIST_LIMITS.itemsPerPlaylist }, (_, i) => ({ title: `Filler ${i}`, is_public: true, duration: 30 })))
      .returning("id")
      .execute();
    await db
      .insertInto("playlist_items")
      .values(made.map((v, i) => ({ playlist_id: last.id, video_id: v.id, position: i + 1 })))
      .execute();
    expect(await addToPlaylist(me, last.id, video.id)).toBe("full");
  });
});
