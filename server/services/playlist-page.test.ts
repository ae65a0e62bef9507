import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { insertNewUser, insertVideo } from "../../tests/support/fixtures";
import { newPlaylist, playlistOrder } from "../../tests/support/playlists";
import { useTestDatabase } from "../../tests/support/test-db";
import { addToPlaylist } from "./playlist-items";
import { getPlaylistPage } from "./playlist-page";
import { playlistQueue } from "./playlist-queue";

const { handle } = useTestDatabase();

const newUser = (tag = "pl") => insertNewUser(handle().db, tag);

describe("a playlist's page on PostgreSQL", () => {
  it("holds only public videos when added; a video hidden later is unavailable to the owner and skipped for others", async () => {
    const me = await newUser();
    const list = await newPlaylist(me, "Shared", true);
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
    expect(await playlistOrder(null, list)).toEqual([a.id, c.id]);
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
});
