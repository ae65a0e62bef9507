import path from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { insertVideo } from "../../tests/support/fixtures";
import { mailsTo as mailsIn } from "../../tests/support/outbox";
import { insertTakedownAdmins, TAKEDOWN_ADMINS, TAKEDOWN_META, takedownSubmission, UNLIMITED } from "../../tests/support/takedown-requests";
import { useTestDatabase } from "../../tests/support/test-db";
import { outboxDir } from "../mail";
import { localMediaStorage } from "../media/storage";
import { AppealError, decideAppeal, fileAppeal, listOpenAppeals } from "./appeals";
import { submitTakedown, type TakedownSubmission } from "./takedown-intake";
import { listTakedowns } from "./takedown-queue";
import { resolveTakedown } from "./takedown-resolution";
import { getPublicVideo } from "./videos";

// The outbox and the media live in this file's own DATA_DIR, set before any import reads the environment.
const tmp = vi.hoisted(() => {
  const dir = require("node:fs").mkdtempSync(require("node:path").join(require("node:os").tmpdir(), "takedown-resolution-test-"));
  process.env.DATA_DIR = dir;
  process.env.APP_SECRET = "takedown-service-test-secret-0123456789";
  return dir as string;
});

const { handle } = useTestDatabase();
const NOW = Date.now();
const meta = TAKEDOWN_META;
const { remover, uploader, third } = TAKEDOWN_ADMINS;
const submission = (patch: Partial<TakedownSubmission["values"]> = {}, website = "") => takedownSubmission(NOW, patch, website);
const mailsTo = (to: string) => mailsIn(outboxDir(), to);
const storage = localMediaStorage(path.join(tmp, "media"));

describe("resolving takedown requests, and appeals, on PostgreSQL", () => {
  beforeAll(async () => {
    await insertTakedownAdmins(handle().db);
  });

  it("resolving as removed takes the video down and tells the requester; a second resolution is refused", async () => {
    const video = await insertVideo(handle().db, { title: "To go" });
    await handle().db.updateTable("videos").set({ uploaded_by: uploader.id }).where("id", "=", video.id).execute();
    const sub = submission({ urls: `https://pleazure.example/video/${video.id}` });
    const { reference } = (await submitTakedown(sub, meta, { now: NOW, limiter: UNLIMITED })) as { reference: string };
    const request = (await listTakedowns()).open.find((r) => r.reference === reference);
    const entry = await resolveTakedown(request?.id as string, { decision: "removed", note: "Confirmed likeness." }, remover, { storage });
    expect(entry).toMatchObject({ status: "removed", resolvedBy: remover.email, videoRemoved: true });
    expect(await getPublicVideo(video.id)).toBeUndefined();
    expect(mailsTo(sub.values.email).at(-1)).toContain(`Subject: Takedown request ${reference}: material removed`);
    await expect(resolveTakedown(request?.id as string, { decision: "rejected", note: "x" }, third)).rejects.toThrow(/already resolved/);

    // The uploader appeals once; the remover and the appellant may not decide; a third admin may.
    await fileAppeal(video.id, "This is a synthetic character, not the requester.", uploader);
    await expect(fileAppeal(video.id, "Trying a second time, please.", uploader)).rejects.toThrow(/once/);
    expect((await listOpenAppeals(remover))[0]).toMatchObject({ videoId: video.id, mayDecide: false });
    await expect(decideAppeal(video.id, "reversed", "", remover)).rejects.toBeInstanceOf(AppealError);
    await expect(decideAppeal(video.id, "reversed", "", uploader)).rejects.toBeInstanceOf(AppealError);
    await decideAppeal(video.id, "upheld", "The likeness is clear.", third);
    expect(mailsTo(uploader.email).at(-1)).toContain("the removal stands");
    await expect(decideAppeal(video.id, "reversed", "", third)).rejects.toThrow(/already been decided/);
  });

  it("only the uploader may appeal, and only a removed video", async () => {
    const video = await insertVideo(handle().db, { title: "Still up" });
    await expect(fileAppeal(video.id, "Nothing happened to it yet.", uploader)).rejects.toThrow(/no removed video/);
  });
});
