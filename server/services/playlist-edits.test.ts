import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { WATCH_LATER } from "../../core/playlists";
import { insertNewUser, insertVideo } from "../../tests/support/fixtures";
import { newPlaylist, playlistFields } from "../../tests/support/playlists";
import { useTestDatabase } from "../../tests/support/test-db";
import { playlistChoices } from "./owned-playlists";
import { createPlaylist } from "./playlist-edits";

const { handle } = useTestDatabase();

const newUser = (tag = "pl") => insertNewUser(handle().db, tag);

describe("making playlists on PostgreSQL", () => {
  it("creates with a first video from the Save dialog, and lists the choices with what holds the video", async () => {
    const me = await newUser();
    const video = await insertVideo(handle().db);
    const made = await createPlaylist(me, playlistFields("From the dialog"), video.id);
    expect(made.status).toBe("created");
    expect(await createPlaylist(me, playlistFields("Bad video"), crypto.randomUUID())).toEqual({ status: "video-not-found" });
    await newPlaylist(me, "Other");
    expect(await playlistChoices(me, video.id)).toMatchObject([
      { id: WATCH_LATER, contains: false },
      { title: "From the dialog", contains: true },
      { title: "Other", contains: false },
    ]);
  });
});
