import { describe, expect, it } from "vitest";
import type { ConsoleActionResult } from "~/lib/console-result";
import { insertCategory, insertUser, insertVideo } from "../../../tests/support/fixtures";
import { useTestDatabase } from "../../../tests/support/test-db";
import { categoryDescriptionAction, categoryTranslationAction, videoTranslationAction } from "./translation-actions.server";

const { handle } = useTestDatabase();
const admin = { id: "translation-actions-admin", email: "translation-actions-admin@example.com" };
const NO_ID = "00000000-0000-4000-8000-000000000000";

const form = (fields: Record<string, string | string[]>) => {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const value of Array.isArray(v) ? v : [v]) body.append(k, value);
  return body;
};
/** What the action answered: its status and its result. */
const answered = async (answer: Promise<{ data: ConsoleActionResult; init: ResponseInit | null }>) => {
  const { data, init } = await answer;
  return { status: init?.status ?? 200, data };
};
const VALID = { intent: "translation", locale: "de", title: "Korpus", description: "Ruhig.", chapters: "", state: "draft" };

describe("the console's translation forms", () => {
  it("refuses hostile input field by field with the English fields' rules, and saves a valid form", async () => {
    const db = handle().db;
    await insertUser(db, { ...admin, role: "admin" });
    const video = await insertVideo(db, { duration: 30 });
    const refusal = async (fields: Record<string, string | string[]>) => answered(videoTranslationAction(video.id, form(fields), admin));

    expect(await refusal({ ...VALID, title: "" })).toMatchObject({
      status: 400,
      data: { ok: false, fieldErrors: { title: "Enter a title" } },
    });
    expect((await refusal({ ...VALID, title: "x".repeat(201) })).data).toMatchObject({
      fieldErrors: { title: expect.stringContaining("200") },
    });
    // The content policy, in any language's words (here Japanese's).
    expect((await refusal({ ...VALID, locale: "ja", title: "女子高生の夢" })).data).toMatchObject({
      fieldErrors: { title: expect.stringContaining("suggests minors") },
    });
    expect((await refusal({ ...VALID, locale: "en" })).data).toMatchObject({ fieldErrors: { locale: expect.any(String) } });
    expect((await refusal({ ...VALID, state: "live" })).data).toMatchObject({ fieldErrors: { state: expect.any(String) } });
    // Chapters against the video's length (the service's check): past its end.
    expect(await refusal({ ...VALID, chapters: "0:00 Anfang\n0:45 Ende" })).toMatchObject({
      status: 400,
      data: { fieldErrors: { chapters: expect.stringContaining("not inside the video") } },
    });
    // A field sent twice, or a file: the form is unreadable.
    expect((await refusal({ ...VALID, title: ["a", "b"] })).status).toBe(400);
    expect(await db.selectFrom("video_translations").select("locale").where("video_id", "=", video.id).execute()).toEqual([]);

    expect(await refusal({ ...VALID, chapters: "0:00 Anfang\n0:10 Mitte" })).toEqual({
      status: 200,
      data: { intent: "translation", ok: true, id: "de" },
    });
    expect(await answered(videoTranslationAction(NO_ID, form(VALID), admin))).toMatchObject({ status: 404 });
  });

  it("answers a category's form the same way, an unknown category a 404", async () => {
    const category = await insertCategory(handle().db, "Soft Focus");
    const send = (fields: Record<string, string>) => answered(categoryTranslationAction(form({ intent: "translation", ...fields }), admin));
    expect(await send({ categoryId: category.id, locale: "fr", name: " ", state: "published" })).toMatchObject({
      status: 400,
      data: { fieldErrors: { name: "Enter a name" } },
    });
    expect(await send({ categoryId: category.id, locale: "ar", name: "تركيز ناعم", state: "published" })).toMatchObject({ status: 200 });
    expect(await send({ categoryId: NO_ID, locale: "fr", name: "Flou", state: "draft" })).toMatchObject({ status: 404 });
    expect(await send({ categoryId: "not-an-id", locale: "fr", name: "Flou", state: "draft" })).toMatchObject({ status: 404 });
  });

  it("sets a category's English description under the same rules, audited", async () => {
    const db = handle().db;
    const category = await insertCategory(db, "Quiet Tones");
    const sendDescription = (fields: Record<string, string>) =>
      answered(categoryDescriptionAction(form({ intent: "describe", ...fields }), admin));
    expect(await sendDescription({ categoryId: category.id, description: "x".repeat(201) })).toMatchObject({
      status: 400,
      data: { fieldErrors: { description: expect.stringContaining("200") } },
    });
    expect(await sendDescription({ categoryId: NO_ID, description: "Soft." })).toMatchObject({ status: 404 });
    expect(await sendDescription({ categoryId: category.id, description: "  Soft, slow colour.  " })).toMatchObject({ status: 200 });
    const saved = await db.selectFrom("categories").select("description").where("id", "=", category.id).executeTakeFirstOrThrow();
    expect(saved.description).toBe("Soft, slow colour.");
    const audit = await db.selectFrom("admin_audit_log").select(["action", "after"]).where("target", "=", category.id).execute();
    expect(audit).toEqual([{ action: "category.describe", after: { description: "Soft, slow colour." } }]);
  });
});
