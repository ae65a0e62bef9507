import { describe, expect, it } from "vitest";
import type { BlogTranslationInput } from "../../core/blog-translation-schema";
import { ContentSafetyError } from "../../core/content-safety";
import { paths } from "../../core/paths";
import type { TranslationSection } from "../../core/translation-schema";
import { TRANSLATED_LOCALES } from "../../core/translations";
import { blogPostFields } from "../../tests/support/fixtures";
import { useTestDatabase } from "../../tests/support/test-db";
import { listAuditEntries } from "./audit-log";
import { getPublishedPost, listFeedPosts, listPublishedPosts } from "./blog";
import { BlogPostNotFoundError, createBlogPost, deleteBlogPost } from "./blog-console";
import { deleteBlogTranslation, getTranslations, saveBlogTranslation, translationStatuses } from "./blog-translations";
import { blogTranslationSection } from "./translation-status";

useTestDatabase();
const admin = { id: "admin-1", email: "admin@example.com" };
const NO_POST = "00000000-0000-4000-8000-000000000000";

/** A post with its own search texts and image, which a translation's empty ones fall back to. */
const english = (slug: string, published_at: Date) =>
  blogPostFields(slug, {
    meta_title: `Search title of ${slug}`,
    meta_description: `Search description of ${slug}`,
    og_image_url: "/media/og/blog-default.png",
    published_at,
  });

const german = (extra: Partial<BlogTranslationInput> = {}): BlogTranslationInput => ({
  title: "Willkommen",
  excerpt: "Kurz gesagt",
  content: "## Hallo\n\nDer Text auf Deutsch.",
  meta_title: "Suchtitel",
  meta_description: "Suchbeschreibung",
  og_title: "Teilen-Titel",
  og_description: null,
  twitter_card_title: null,
  twitter_card_description: null,
  ...extra,
});

describe("a post's versions in other languages", () => {
  it("shows a published version in its language, English elsewhere and while a version is a draft", async () => {
    const post = await createBlogPost(english("versions", new Date("2026-03-01T00:00:00Z")), admin, { publish: true });
    await saveBlogTranslation(post.id, "de", german(), admin, { state: "published" });
    await saveBlogTranslation(post.id, "fr", german({ title: "Bienvenue" }), admin); // a draft

    const de = await getPublishedPost("versions", "de");
    expect(de).toMatchObject({
      locale: "de",
      title: "Willkommen",
      excerpt: "Kurz gesagt",
      content: "## Hallo\n\nDer Text auf Deutsch.",
      meta_title: "Suchtitel",
      meta_description: "Suchbeschreibung",
      og_title: "Teilen-Titel",
      // The English post's own: address, byline, tags, image.
      slug: "versions",
      author: "Editor",
      tags: ["news"],
      og_image_url: "/media/og/blog-default.png",
      languages: ["en", "de"],
    });
    const fr = await getPublishedPost("versions", "fr");
    expect(fr).toMatchObject({ locale: "en", title: "Title of versions", languages: ["en", "de"] });
    expect(await getPublishedPost("versions", "ja")).toBe(await getPublishedPost("versions"));
    expect((await getPublishedPost("versions"))?.title).toBe("Title of versions");

    const list = async (locale: "de" | "fr") => (await listPublishedPosts(1, locale)).posts.find((p) => p.slug === "versions");
    expect(await list("de")).toMatchObject({ title: "Willkommen", excerpt: "Kurz gesagt", locale: "de" });
    expect((await list("de"))?.content_start).toContain("Der Text auf Deutsch.");
    expect(await list("fr")).toMatchObject({ title: "Title of versions", excerpt: "Excerpt of versions", locale: "en" });
    // The feed stays English.
    expect((await listFeedPosts()).find((p) => p.slug === "versions")).toMatchObject({ title: "Title of versions", locale: "en" });
  });

  it("a version's blank excerpt stays blank: the list takes its own text's start, not the English excerpt", async () => {
    const post = await createBlogPost(english("blank-excerpt", new Date("2026-02-01T00:00:00Z")), admin, { publish: true });
    await saveBlogTranslation(post.id, "es", german({ title: "Hola", excerpt: null, content: "Texto en español." }), admin, {
      state: "published",
    });
    const es = (await listPublishedPosts(1, "es")).posts.find((p) => p.slug === "blank-excerpt");
    expect(es).toMatchObject({ title: "Hola", excerpt: null, content_start: "Texto en español.", locale: "es" });
  });

  it("publishing, unpublishing and editing reach the cached page at once, each audited once", async () => {
    const post = await createBlogPost(english("lifecycle-t", new Date("2026-01-01T00:00:00Z")), admin, { publish: true });
    expect((await getPublishedPost("lifecycle-t", "ja"))?.locale).toBe("en"); // cached
    const draft = await saveBlogTranslation(post.id, "ja", german({ title: "ようこそ" }), admin);
    expect(draft).toMatchObject({ state: "draft", published_at: null });
    expect((await getPublishedPost("lifecycle-t", "ja"))?.locale).toBe("en");
    const published = await saveBlogTranslation(post.id, "ja", german({ title: "ようこそ" }), admin, { state: "published" });
    expect(published.published_at).toBeInstanceOf(Date);
    expect(await getPublishedPost("lifecycle-t", "ja")).toMatchObject({ locale: "ja", title: "ようこそ", languages: ["en", "ja"] });
    await saveBlogTranslation(post.id, "ja", german({ title: "ようこそ" }), admin); // nothing changed: not audited
    await saveBlogTranslation(post.id, "ja", german({ title: "ようこそ！" }), admin); // keeps its state
    expect((await getPublishedPost("lifecycle-t", "ja"))?.title).toBe("ようこそ！");
    await saveBlogTranslation(post.id, "ja", german({ title: "ようこそ！" }), admin, { state: "draft" });
    expect((await getPublishedPost("lifecycle-t", "ja"))?.locale).toBe("en");
    expect(await deleteBlogTranslation(post.id, "ja", admin)).toBe(true);
    expect(await deleteBlogTranslation(post.id, "ja", admin)).toBe(false);
    expect(await getTranslations(post.id)).toEqual({});

    const audit = (await listAuditEntries({ actionPrefix: "blog.translation.", limit: 100 })).filter(
      (e) => e.target === "lifecycle-t (ja)",
    );
    expect(audit.map((e) => e.action).reverse()).toEqual([
      "blog.translation.update",
      "blog.translation.publish",
      "blog.translation.update",
      "blog.translation.unpublish",
      "blog.translation.delete",
    ]);
    expect(audit.at(-1)).toMatchObject({
      actorEmail: "admin@example.com",
      after: expect.objectContaining({ locale: "ja", state: "draft" }),
    });
  });

  it("refuses a text the policy refuses, in any field, storing nothing", async () => {
    const post = await createBlogPost(english("policy-t", new Date("2026-01-02T00:00:00Z")), admin, { publish: true });
    await expect(saveBlogTranslation(post.id, "de", german({ og_title: "Teen special" }), admin)).rejects.toMatchObject({
      name: ContentSafetyError.name,
      field: "og_title",
    });
    await expect(saveBlogTranslation(post.id, "ar", german({ content: "نص عن طفل" }), admin)).rejects.toBeInstanceOf(ContentSafetyError);
    expect(await getTranslations(post.id)).toEqual({});
    await expect(saveBlogTranslation(NO_POST, "de", german(), admin)).rejects.toBeInstanceOf(BlogPostNotFoundError);
  });

  it("says per post which languages are published, draft or missing, and goes with its post", async () => {
    const post = await createBlogPost(english("statuses", new Date("2026-01-03T00:00:00Z")), admin, { publish: true });
    await saveBlogTranslation(post.id, "pt-BR", german({ title: "Bem-vindo" }), admin, { state: "published" });
    await saveBlogTranslation(post.id, "ar", german({ title: "مرحبًا" }), admin);
    const statuses = (await translationStatuses([post.id, NO_POST])).get(post.id);
    expect(statuses).toEqual({ de: "missing", fr: "missing", es: "missing", "pt-BR": "published", ja: "missing", ar: "draft" });
    expect((await translationStatuses([])).size).toBe(0);
    await deleteBlogPost(post.id, admin);
    expect(await getTranslations(post.id)).toEqual({});
  });

  it("lists on the console's Translations page the published posts a language lacks or has only as a draft", async () => {
    const a = await createBlogPost(english("gap-a", new Date("2026-05-01T00:00:00Z")), admin, { publish: true });
    const b = await createBlogPost(english("gap-b", new Date("2026-05-02T00:00:00Z")), admin, { publish: true });
    const hidden = await createBlogPost(english("gap-english-draft", new Date("2026-05-03T00:00:00Z")), admin);
    const done = await createBlogPost(english("gap-done", new Date("2026-05-04T00:00:00Z")), admin, { publish: true });
    await saveBlogTranslation(a.id, "fr", german({ title: "A en français" }), admin, { state: "published" });
    await saveBlogTranslation(b.id, "fr", german({ title: "B en français" }), admin);
    await saveBlogTranslation(hidden.id, "fr", german({ title: "Brouillon" }), admin);
    for (const locale of TRANSLATED_LOCALES) await saveBlogTranslation(done.id, locale, german(), admin, { state: "published" });
    const before = await blogTranslationSection();
    expect(before).toMatchObject({ id: "blog", title: "Blog posts" });
    expect(before.counts.map((c) => c.locale)).toEqual(["de", "fr", "es", "pt-BR", "ja", "ar"]);

    // Earlier tests' posts are there too: only this test's items, and the counts as they move.
    const ours = before.items.filter((i) => [a.id, b.id, hidden.id, done.id].some((id) => i.href === paths.admin.blogPost(id)));
    expect(ours.map((i) => i.label)).toEqual(["Title of gap-b", "Title of gap-a"]); // newest first; no English draft, none done
    expect(ours[0]?.status).toEqual({ de: "missing", fr: "draft", es: "missing", "pt-BR": "missing", ja: "missing", ar: "missing" });
    expect(ours[1]?.status.fr).toBe("published");
    expect(ours[0]?.languageHrefs?.fr).toBe(paths.admin.blogPost(b.id, { lang: "fr" }));

    await saveBlogTranslation(b.id, "fr", german({ title: "B en français" }), admin, { state: "published" });
    const after = await blogTranslationSection();
    const fr = (s: TranslationSection) => s.counts.find((c) => c.locale === "fr");
    expect(after.total).toBe(before.total);
    expect(fr(after)).toEqual({ locale: "fr", missing: fr(before)?.missing, draft: (fr(before)?.draft ?? 0) - 1 });
    await createBlogPost(english("gap-c", new Date("2026-05-05T00:00:00Z")), admin, { publish: true });
    expect((await blogTranslationSection()).total).toBe(before.total + 1);
  });
});
