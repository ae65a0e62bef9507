import fs from "node:fs";
import path from "node:path";
import { type Kysely, sql } from "kysely";
import { assertNoMinorSuggestingTerms } from "../../core/content-safety";
import { readBlogFiles } from "../content/blog-files";
import type { Database } from "../db/schema";
import { withFileLock } from "../file-lock";
import { contentSigner } from "../media/c2pa/signer";
import { type DemoAsset, ensureDemoMedia, signDemoMedia } from "../media/demo-media";
import { localMediaStorage, type MediaStorage } from "../media/storage";
import { DEMO_AD_UNITS, demoCategories, demoChapters, demoPreRollUnit, demoVideoSpecs } from "./catalogue";
import { blogTranslationRows, checkBlogTranslations } from "./demo-blog-translations";
import { seedDemoCaptions } from "./demo-captions";
import { demoCategoryDescription, demoCategoryTranslations, demoVideoTranslations } from "./demo-translations";

const SEED_LOCK = 4_242_001;

export interface SeedOptions {
  dataDir: string;
  media: "full" | "none";
  log: (msg: string) => void;
  contentDir?: string;
  /** Generate demo media here once and link it into DATA_DIR/media (see DEMO_MEDIA_CACHE). */
  mediaCache?: string;
  /** Whether the house pre-roll is switched on (default house: a fresh site shows it). */
  preRoll?: "house" | "off";
  /**
   * Where the videos' media are read from (their URLs). Default: DATA_DIR/media on local disk. With object
   * storage the demo set, rendered locally as always, is uploaded to it (once per rendering).
   */
  storage?: MediaStorage;
}

/** First start: creates demo content once (an advisory lock makes concurrent starts wait, not duplicate). */
export async function ensureDemoContent(db: Kysely<Database>, opts: SeedOptions): Promise<void> {
  await db.connection().execute(async (conn) => {
    const { rows } = await sql<{ got: boolean }>`SELECT pg_try_advisory_lock(${SEED_LOCK}) AS got`.execute(conn);
    if (!rows[0]?.got) {
      // Another instance's first start holds it for as long as rendering the demo media takes (minutes).
      opts.log("[seed] another instance is creating the demo content; waiting for it to finish before serving");
      await sql`SELECT pg_advisory_lock(${SEED_LOCK})`.execute(conn);
      opts.log("[seed] the other instance finished the demo content");
    }
    try {
      const existing = await conn.selectFrom("categories").select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow();
      if (existing.n > 0) return;
      opts.log("[seed] empty database: creating demo content");
      await seedDemoContent(conn, opts);
    } finally {
      await sql`SELECT pg_advisory_unlock(${SEED_LOCK})`.execute(conn);
    }
  });
}

/** Replaces all catalogue content (categories, videos, blog, ad units) with the demo set. */
export async function seedDemoContent(db: Kysely<Database>, opts: SeedOptions): Promise<void> {
  const started = Date.now();
  const mediaRoot = path.join(opts.dataDir, "media");
  const storage = opts.storage ?? localMediaStorage(mediaRoot);
  const assets: DemoAsset[] = opts.media === "full" ? await demoMedia(mediaRoot, opts) : [];
  copyDefaultSocialImage(mediaRoot);
  if (storage.remote) await uploadDemoMedia(storage, mediaRoot, assets.length > 0, opts.log);
  const contentDir = opts.contentDir ?? path.resolve("content");
  const blog = readBlogFiles(path.join(contentDir, "blog"));
  const { posts } = blog;
  const categories = demoCategories().map((c) => ({ ...c, description: demoCategoryDescription(c.name) }));
  const videos = demoVideoSpecs(new Date());
  const categoryTexts = demoCategoryTranslations();
  for (const t of categoryTexts) assertNoMinorSuggestingTerms({ name: t.name, description: t.description });
  for (const c of categories) assertNoMinorSuggestingTerms({ name: c.name });
  for (const v of videos) assertNoMinorSuggestingTerms({ title: v.title, description: v.description });
  for (const p of posts) assertNoMinorSuggestingTerms({ title: p.title, tags: p.tags as string[] });
  checkBlogTranslations(blog);

  const captioned = await db.transaction().execute(async (trx) => {
    await sql`TRUNCATE reports, video_translations, category_translations, video_chapters, favorites, playlist_items, watch_history, video_likes, comments, video_views_daily, video_view_sessions, video_captions, video_co_views, videos, categories, blog_post_translations, blog_posts, ad_units`.execute(
      trx,
    );
    const inserted = await trx.insertInto("categories").values(categories).returning(["id", "name"]).execute();
    const categoryId = new Map(inserted.map((c) => [c.name, c.id]));
    const rows = videos.map((v) => {
      const asset = assets.length ? assets[v.assetIndex % assets.length] : undefined;
      return {
        title: v.title,
        description: v.description,
        category_id: categoryId.get(v.categoryName) ?? null,
        is_public: v.isPublic,
        views: v.views,
        upload_date: v.uploadDate,
        duration: asset ? Math.round(asset.durationSeconds) : 45,
        video_url: asset ? storage.url(asset.hlsPath) : null,
        poster_url: asset ? storage.url(asset.posterPath) : null,
        thumbnail_url: asset ? storage.url(asset.thumbnailPath) : null,
        storyboard_url: asset ? storage.url(asset.storyboardPath) : null,
      };
    });
    // RETURNING gives the rows in the order of VALUES: the i-th id is the i-th spec's.
    const ids = await trx.insertInto("videos").values(rows).returning(["id", "is_public", "video_url", "duration"]).execute();
    const chapters = rows.flatMap((row, i) =>
      demoChapters(i, row.duration).map((c) => ({ video_id: ids[i]!.id, start_seconds: c.start, title: c.title })),
    );
    if (chapters.length) await trx.insertInto("video_chapters").values(chapters).execute();
    // The same content in the six other languages, published (docs/i18n.md "Content").
    const translatedCategories = categoryTexts.flatMap((t) => {
      const id = categoryId.get(t.category);
      return id ? [{ category_id: id, locale: t.locale, name: t.name, description: t.description, state: "published" as const }] : [];
    });
    if (translatedCategories.length) await trx.insertInto("category_translations").values(translatedCategories).execute();
    const translatedVideos = demoVideoTranslations(videos, (i) => demoChapters(i, rows[i]!.duration)).map(({ index, ...t }) => ({
      ...t,
      video_id: ids[index]!.id,
    }));
    for (const t of translatedVideos) assertNoMinorSuggestingTerms({ title: t.title, description: t.description, chapters: t.chapters });
    await trx.insertInto("video_translations").values(translatedVideos).execute();
    if (posts.length) {
      const inserted = await trx.insertInto("blog_posts").values(posts).returning(["id", "slug"]).execute();
      const translations = blogTranslationRows(blog, inserted);
      if (translations.length) await trx.insertInto("blog_post_translations").values(translations).execute();
    }
    await trx
      .insertInto("ad_units")
      .values([...DEMO_AD_UNITS, demoPreRollUnit(opts.preRoll !== "off")])
      .execute();
    return seedDemoCaptions(trx, storage, ids);
  });
  opts.log(
    `[seed] demo content ready: ${categories.length} categories, ${videos.length} videos, ${posts.length} blog posts (${blog.translations.length} translations), ${DEMO_AD_UNITS.length + 1} ad units, captions on ${captioned} videos (${Math.round((Date.now() - started) / 1000)} s)`,
  );
}

async function demoMedia(mediaRoot: string, opts: SeedOptions): Promise<DemoAsset[]> {
  // Demo clips carry content credentials too, signed like an upload's (once per rendering, see demo-media.ts).
  const media = { signer: contentSigner() };
  if (!opts.mediaCache) return ensureDemoMedia(mediaRoot, opts.log, media);
  const cacheRoot = path.resolve(opts.mediaCache);
  fs.mkdirSync(cacheRoot, { recursive: true });
  // Several servers (parallel test runs) may share the cache: one generates, the others wait.
  const assets = await withFileLock(path.join(cacheRoot, ".lock"), () => ensureDemoMedia(cacheRoot, opts.log, media));
  const link = path.join(mediaRoot, "demo");
  if (!fs.existsSync(link)) {
    fs.mkdirSync(mediaRoot, { recursive: true });
    fs.symlinkSync(path.join(cacheRoot, "demo"), link, "dir");
  }
  return assets;
}

/**
 * Every start: a demo set rendered before content credentials gets them, in place and once (under the shared
 * cache's lock when DEMO_MEDIA_CACHE is set), and object storage then gets the signed set.
 */
export async function ensureDemoCredentials(opts: Pick<SeedOptions, "dataDir" | "mediaCache" | "storage" | "log">): Promise<void> {
  const mediaRoot = path.join(opts.dataDir, "media");
  const sign = () => signDemoMedia(mediaRoot, contentSigner(), opts.log);
  const signed = opts.mediaCache ? await withFileLock(path.join(path.resolve(opts.mediaCache), ".lock"), sign) : await sign();
  if (signed && opts.storage?.remote) await uploadDemoMedia(opts.storage, mediaRoot, true, opts.log);
}

/**
 * The demo set and the blog's default image, copied to object storage. The manifest goes last and is
 * compared first: a bucket whose manifest matches the local one holds this very rendering, complete.
 */
export async function uploadDemoMedia(
  storage: MediaStorage,
  mediaRoot: string,
  withDemo: boolean,
  log: (msg: string) => void,
): Promise<void> {
  const socialImage = path.join(mediaRoot, "og", "blog-default.png");
  if (fs.existsSync(socialImage) && !(await storage.exists("og/blog-default.png")))
    await storage.putFile(socialImage, "og/blog-default.png");
  if (!withDemo) return;
  const demoDir = path.join(mediaRoot, "demo");
  const manifest = fs.readFileSync(path.join(demoDir, "manifest.json"), "utf8");
  if ((await storage.readText("demo/manifest.json")) === manifest) return;
  log("[seed] uploading the demo media to the media storage");
  // The folder is a symlink into DEMO_MEDIA_CACHE when one is set; copyDirectory sends the manifest last.
  await storage.copyDirectory(fs.realpathSync(demoDir), "demo");
}

/** Blog posts refer to /media/og/blog-default.png; it is the same image as the site default. */
function copyDefaultSocialImage(mediaRoot: string): void {
  const source = path.resolve("public/og-default.png");
  const target = path.join(mediaRoot, "og", "blog-default.png");
  if (!fs.existsSync(source) || fs.existsSync(target)) return;
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.copyFileSync(source, target);
}
