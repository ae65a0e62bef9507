import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { PLAYLIST_LIMITS, WATCH_LATER } from "../../core/playlists";
import { insertNewUser, insertVideo } from "../../tests/support/fixtures";
import { useTestDatabase } from "../../tests/support/test-db";
import { deleteAccount, exportAccountData } from "./account";
import {
  addToPlaylist,
  createPlaylist,
  deletePlaylist,
  getPlaylistPage,
  inWatchLater,
  listPlaylists,
  moveInPlaylist,
  playlistChoices,
  playlistQueue,
  removeFromPlaylist,
  updatePlaylist,
} from "./playlists";
import { viewerState } from "./viewer-state";

const { handle } = useTestDatabase();

const newUser = (tag = "pl") => insertNewUser(handle().db, tag);

const fields = (title: string, isPublic = false) => ({ title, description: "", isPublic });

async function newList(userId: string, title = "Mine", isPublic = false): Promise<string> {
  const made = await createPlaylist(userId, fields(title, isPublic));
  if (made.status !== "created") throw new Error(made.status);
  return made.id;
}

async function order(viewer: string | null, ref: string): Promise<string[]> {
  return ((await getPlaylistPage(viewer, ref, 1))?.items ?? []).map((i) => i.id);
}

describe("playlists on PostgreSQL", () => {
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
    expect(await updatePlaylist(me, wl.id, fields("Renamed", true))).toBe(false);
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

  it("only the owner edits; a private playlist is missing to everyone else, a public one readable", async () => {
    const [owner, stranger] = [await newUser(), await newUser()];
    const video = await insertVideo(handle().db);
    const list = await newList(owner, "Evening");
    expect(await addToPlaylist(owner, list, video.id)).toBe("added");

    expect(await getPlaylistPage(stranger, list, 1)).toBeNull();
    expect(await getPlaylistPage(null, list, 1)).toBeNull();
    expect(await playlistQueue(stranger, list, video.id)).toBeNull();
    expect(await addToPlaylist(stranger, list, video.id)).toBe("not-found");
    expect(await removeFromPlaylist(stranger, list, video.id)).toBe(false);
    expect(await moveInPlaylist(stranger, list, video.id, 0)).toBe("not-found");
    expect(await updatePlaylist(stranger, list, fields("Taken", true))).toBe(false);
    expect(await deletePlaylist(stranger, list)).toBe(false);
    // Someone else's Watch Later is never reachable: the name means the viewer's own.
    expect(await getPlaylistPage(stranger, WATCH_LATER, 1)).toMatchObject({ items: [] });
    expect(await getPlaylistPage(null, WATCH_LATER, 1)).toBeNull();

    expect(await updatePlaylist(owner, list, { title: "Evening list", description: "Calm ones", isPublic: true })).toBe(true);
    const seen = await getPlaylistPage(stranger, list, 1);
    expect(seen).toMatchObject({ mine: false, playlist: { title: "Evening list", description: "Calm ones", isPublic: true, count: 1 } });
    expect(seen?.items.map((i) => i.id)).toEqual([video.id]);
    expect(await getPlaylistPage(null, list, 1)).toMatchObject({ mine: false });
    // Public to read, still the owner's to change.
    expect(await removeFromPlaylist(stranger, list, video.id)).toBe(false);
    expect(await order(owner, list)).toEqual([video.id]);

    expect(await deletePlaylist(owner, list)).toBe(true);
    expect(await getPlaylistPage(owner, list, 1)).toBeNull();
  });

  it("keeps the owner's order: appends, removes closing the gap, moves up, down and past the end", async () => {
    const me = await newUser();
    const list = await newList(me);
    const v = [];
    for (let i = 0; i < 5; i++) v.push((await insertVideo(handle().db)).id);
    for (const id of v) expect(await addToPlaylist(me, list, id)).toBe("added");
    expect(await order(me, list)).toEqual(v);

    expect(await moveInPlaylist(me, list, v[4]!, 0)).toBe("moved"); // last to first
    expect(await order(me, list)).toEqual([v[4], v[0], v[1], v[2], v[3]]);
    expect(await moveInPlaylist(me, list, v[4]!, 2)).toBe("moved"); // down two
    expect(await order(me, list)).toEqual([v[0], v[1], v[4], v[2], v[3]]);
    expect(await moveInPlaylist(me, list, v[0]!, 99)).toBe("moved"); // past the end: last
    expect(await order(me, list)).toEqual([v[1], v[4], v[2], v[3], v[0]]);
    expect(await removeFromPlaylist(me, list, v[4]!)).toBe(true);
    expect(await order(me, list)).toEqual([v[1], v[2], v[3], v[0]]);
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
    expect(await order(me, list)).toEqual([v[1], v[2], v[3], v[0], v[4]]);
    expect(await moveInPlaylist(me, list, (await insertVideo(handle().db)).id, 0)).toBe("not-found");
  });

  it("holds only public videos when added; a video hidden later is unavailable to the owner and skipped for others", async () => {
    const me = await newUser();
    const list = await newList(me, "Shared", true);
    const hidden = await insertVideo(handle().db, { is_public: false });
    expect(await addToPlaylist(me, list, hidden.id)).toBe("video-not-found");
    expect(await addToPlaylist(me, list, crypto.randomUUID())).toBe("video-not-found");
    const [a, b, c] = [await insertVideo(handle().db), await insertVideo(handle().db), await insertVideo(handle().db)];
    for (const v of [a, b, c]) await addToPlaylist(me, list, v.id);
    await handle().db.updateTable("videos").set({ is_public: false }).where("id", "=", b.id).execute();

    const mine = await getPlaylistPage(me, list, 1);
    expect(mine?.items.map((i) => [i.id, i.available])).toEqual([
      [a.id, true],
      [b.id, false],
      [c.id, true],
    ]);
    expect(mine?.playlist.count).toBe(2);
    expect(await order(null, list)).toEqual([a.id, c.id]);
    // The queue plays the public ones: from a, next is c.
    const queue = await playlistQueue(null, list, a.id);
    expect(queue).toMatchObject({ title: "Shared", total: 2, position: 1, next: { id: c.id }, previous: null });
    expect(queue?.items.map((i) => [i.id, i.index])).toEqual([
      [a.id, 1],
      [c.id, 2],
    ]);
    expect(await playlistQueue(null, list, c.id)).toMatchObject({ position: 2, next: null, previous: { id: a.id } });
    // A video not in the list: the queue starts at the list's first.
    expect(await playlistQueue(null, list, b.id)).toMatchObject({ position: null, next: { id: a.id } });
  });

  it("the queue shows a window of a long list around the current video", async () => {
    const me = await newUser();
    const ids: string[] = [];
    for (let i = 0; i < 70; i++) {
      const id = (await insertVideo(handle().db)).id;
      ids.push(id);
      await addToPlaylist(me, WATCH_LATER, id);
    }
    const queue = await playlistQueue(me, WATCH_LATER, ids[40]!);
    expect(queue).toMatchObject({ ref: WATCH_LATER, total: 70, position: 41, next: { id: ids[41] }, previous: { id: ids[39] } });
    expect(queue?.items[0]?.index).toBe(31);
    expect(queue?.items).toHaveLength(40); // 31..70
    expect(queue?.items.find((i) => i.id === ids[40])?.index).toBe(41);
  });

  it("enforces the limits: playlists per user, videos per playlist", async () => {
    const me = await newUser();
    const db = handle().db;
    await db
      .insertInto("playlists")
      .values(Array.from({ length: PLAYLIST_LIMITS.playlistsPerUser - 1 }, (_, i) => ({ user_id: me, title: `List ${i}` })))
      .execute();
    const last = await createPlaylist(me, fields("The last one"));
    if (last.status !== "created") throw new Error(last.status);
    expect(await createPlaylist(me, fields("One too many"))).toEqual({ status: "too-many" });
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

  it("creates with a first video from the Save dialog, and lists the choices with what holds the video", async () => {
    const me = await newUser();
    const video = await insertVideo(handle().db);
    const made = await createPlaylist(me, fields("From the dialog"), video.id);
    expect(made.status).toBe("created");
    expect(await createPlaylist(me, fields("Bad video"), crypto.randomUUID())).toEqual({ status: "video-not-found" });
    await newList(me, "Other");
    expect(await playlistChoices(me, video.id)).toMatchObject([
      { id: WATCH_LATER, contains: false },
      { title: "From the dialog", contains: true },
      { title: "Other", contains: false },
    ]);
  });

  it("goes into the data export in order, and goes with the account", async () => {
    const me = await newUser();
    const [a, b] = [await insertVideo(handle().db, { title: "First" }), await insertVideo(handle().db, { title: "Second" })];
    await addToPlaylist(me, WATCH_LATER, b.id);
    const list = await newList(me, "Public one", true);
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
