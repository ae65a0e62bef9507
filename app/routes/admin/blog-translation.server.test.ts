import { describe, expect, it } from "vitest";
import { FORM_UNREADABLE } from "~/lib/console-result";
import { BLOG_TITLE_MAX } from "~core/blog-post-schema";
import { getPublishedPost } from "../../../server/services/blog";
import { createBlogPost } from "../../../server/services/blog-console";
import { getTranslations } from "../../../server/services/blog-translations";
import { blogPostFields } from "../../../tests/support/fixtures";
import { useTestDatabase } from "../../../tests/support/test-db";
import { translationAction, translationEditorData } from "./blog-translation.server";

useTestDatabase();
const admin = { id: "admin-1", email: "admin@example.com" };
const NO_POST = "00000000-0000-4000-8000-000000000000";

const form = (fields: Record<string, string | string[]>) => {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) body.append(k, one);
  return body;
};
const valid = { title: "Willkommen", content: "Der Text.", excerpt: "Kurz." };
/** The action's answer: its status and what the page reads. */
async function answer(postId: string, fields: Record<string, string | string[]>) {
  const result = (await translationAction(postId, "de", admin, form(fields))) as { data: unknown; init: { status?: number } | null };
  return { status: result.init?.status ?? 200, body: result.data as Record<string, unknown> };
}

const englishPost = (slug: string) =>
  createBlogPost(blogPostFields(slug, { title: "Welcome", content: "The text." }), admin, { publish: true });

describe("the console's action for a post's version in another language", () => {
  it("refuses what it cannot read, and each field the English editor would refuse, next to the field; nothing stored", async () => {
    const post = await englishPost("checked");
    expect(await answer(post.id, { ...valid })).toEqual({
      status: 400,
      body: { ok: false, intent: "", fieldErrors: {}, message: FORM_UNREADABLE },
    });
    expect((await answer(post.id, { ...valid, intent: "erase" })).status).toBe(400);
    expect((await answer(post.id, { ...valid, intent: "save", title: ["a", "b"] })).body.message).toBe(FORM_UNREADABLE);
    const long = await answer(post.id, { ...valid, intent: "save", title: "x".repeat(BLOG_TITLE_MAX + 1) });
    expect(long).toMatchObject({ status: 400, body: { fieldErrors: { title: `The title must be at most ${BLOG_TITLE_MAX} characters` } } });
    const blank = await answer(post.id, { intent: "publish", title: " ", content: "  " });
    expect(blank.body.fieldErrors).toEqual({ title: "Enter a title", content: "Write the post" });
    const unsafe = await answer(post.id, { ...valid, intent: "save", og_description: "Schülerin" });
    expect(unsafe).toMatchObject({ status: 400, body: { fieldErrors: { og_description: expect.any(String) } } });
    expect(await getTranslations(post.id)).toEqual({});
    expect(await answer(NO_POST, { ...valid, intent: "save" })).toMatchObject({
      status: 404,
      body: { message: "This post no longer exists." },
    });
  });

  it("saves a draft, publishes, unpublishes and deletes; the page shows each at once", async () => {
    const post = await englishPost("states");
    expect(await answer(post.id, { ...valid, intent: "save" })).toEqual({ status: 200, body: { ok: true, intent: "save" } });
    expect((await getPublishedPost("states", "de"))?.locale).toBe("en");
    expect((await translationEditorData(post.id, "de")).translation).toMatchObject({
      state: "draft",
      values: { title: "Willkommen", meta_title: "" },
    });
    await answer(post.id, { ...valid, intent: "publish" });
    expect(await getPublishedPost("states", "de")).toMatchObject({ locale: "de", title: "Willkommen", excerpt: "Kurz." });
    expect((await translationEditorData(post.id, "de")).statuses).toMatchObject({ de: "published", fr: "missing" });
    await answer(post.id, { ...valid, intent: "unpublish" });
    expect((await getPublishedPost("states", "de"))?.locale).toBe("en");
    expect(await answer(post.id, { intent: "delete" })).toEqual({ status: 200, body: { ok: true, intent: "delete" } });
    expect((await translationEditorData(post.id, "de")).translation).toBeNull();
    expect((await answer(post.id, { intent: "delete" })).status).toBe(404);
    await expect(translationEditorData(NO_POST, "de")).rejects.toMatchObject({ init: { status: 404 } });
  });
});
