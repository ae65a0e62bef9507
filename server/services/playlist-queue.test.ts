import { describe, expect, it } from "vitest";
import { WATCH_LATER } from "../../core/playlists";
import { insertNewUser, insertVideo } from "../../tests/support/fixtures";
import { useTestDatabase } from "../../tests/support/test-db";
import { addToPlaylist } from "./playlist-items";
import { playlistQueue } from "./playlist-queue";

const { handle } = useTestDatabase();

const newUser = (tag = "pl") => insertNewUser(handle().db, tag);

describe("a playlist's play-through queue on PostgreSQL", () => {
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
});
