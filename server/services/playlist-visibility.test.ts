import { describe, expect, it } from "vitest";
import { WATCH_LATER } from "../../core/playlists";
import { insertNewUser, insertVideo } from "../../tests/support/fixtures";
import { newPlaylist, playlistFields, playlistOrder } from "../../tests/support/playlists";
import { useTestDatabase } from "../../tests/support/test-db";
import { deletePlaylist, updatePlaylist } from "./playlist-edits";
import { addToPlaylist, moveInPlaylist, removeFromPlaylist } from "./playlist-items";
import { getPlaylistPage } from "./playlist-page";
import { playlistQueue } from "./playlist-queue";

const { handle } = useTestDatabase();

const newUser = (tag = "pl") => insertNewUser(handle().db, tag);

describe("who sees a playlist, on PostgreSQL", () => {
  it("only the owner edits; a private playlist is missing to everyone else, a public one readable", async () => {
    const [owner, stranger] = [await newUser(), await newUser()];
    const video = await insertVideo(handle().db);
    const list = await newPlaylist(owner, "Evening");
    expect(await addToPlaylist(owner, list, video.id)).toBe("added");

    expect(await getPlaylistPage(stranger, list, 1)).toBeNull();
    expect(await getPlaylistPage(null, list, 1)).toBeNull();
    expect(await playlistQueue(stranger, list, video.id)).toBeNull();
    expect(await addToPlaylist(stranger, list, video.id)).toBe("not-found");
    expect(await removeFromPlaylist(stranger, list, video.id)).toBe(false);
    expect(await moveInPlaylist(stranger, list, video.id, 0)).toBe("not-found");
    expect(await updatePlaylist(stranger, list, playlistFields("Taken", true))).toBe(false);
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
    expect(await playlistOrder(owner, list)).toEqual([video.id]);

    expect(await deletePlaylist(owner, list)).toBe(true);
    expect(await getPlaylistPage(owner, list, 1)).toBeNull();
  });
});
