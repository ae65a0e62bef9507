import { sql } from "kysely";
import { getDb } from "../db/connection";
import { maybeFail } from "../test-hooks";
import { escapeLike } from "./categories";

export const VIDEOS_PER_PAGE = 16;
export const RELATED_VIDEOS = 6;
export const TRENDING_VIDEOS = 3;
export const SEARCH_LIMIT = 50;
export const SEARCH_MAX_LENGTH = 100;

export interface VideoCard {
  id: string;
  title: string;
  views: number;
  duration: number;
  thumbnail_url: string | null;
  upload_date: Date;
  category_name: string | null;
}

export interface VideoDetail extends VideoCard {
  description: string | null;
  likes: number;
  video_url: string | null;
  poster_url: string | null;
  category_id: string | null;
  category_slug: string | null;
}

export interface VideoPage {
  videos: VideoCard[];
  total: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isVideoId(id: string | undefined): id is string {
  return typeof id === "string" && UUID.test(id);
}

function publicCards() {
  return getDb()
    .selectFrom("videos as v")
    .leftJoin("categories as c", "c.id", "v.category_id")
    .select(["v.id", "v.title", "v.views", "v.duration", "v.thumbnail_url", "v.upload_date", "c.name as category_name"])
    .where("v.is_public", "=", true);
}

/** One page of public videos, newest first, optionally in one category, with the exact total. */
export async function listVideos(opts: { categoryId?: string; page: number }): Promise<VideoPage> {
  maybeFail("videos.list");
  const offset = (Math.max(1, opts.page) - 1) * VIDEOS_PER_PAGE;
  let list = publicCards();
  let count = getDb().selectFrom("videos").select(sql<number>`count(*)`.as("n")).where("is_public", "=", true);
  if (opts.categoryId) {
    list = list.where("v.category_id", "=", opts.categoryId);
    count = count.where("category_id", "=", opts.categoryId);
  }
  const [videos, total] = await Promise.all([
    list.orderBy("v.upload_date", "desc").orderBy("v.id", "desc").limit(VIDEOS_PER_PAGE).offset(offset).execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { videos, total: total.n };
}

export async function getPublicVideo(id: string): Promise<VideoDetail | undefined> {
  maybeFail("videos.detail");
  if (!isVideoId(id)) return undefined;
  return getDb()
    .selectFrom("videos as v")
    .leftJoin("categories as c", "c.id", "v.category_id")
    .select([
      "v.id",
      "v.title",
      "v.description",
      "v.views",
      "v.likes",
      "v.duration",
      "v.thumbnail_url",
      "v.poster_url",
      "v.video_url",
      "v.upload_date",
      "v.category_id",
      "c.name as category_name",
      "c.slug as category_slug",
    ])
    .where("v.id", "=", id)
    .where("v.is_public", "=", true)
    .executeTakeFirst();
}

/** Most viewed public videos of the same category, excluding the current one. */
export async function relatedVideos(video: { id: string; category_id: string | null }): Promise<VideoCard[]> {
  maybeFail("videos.related");
  if (!video.category_id) return [];
  return publicCards()
    .where("v.category_id", "=", video.category_id)
    .where("v.id", "<>", video.id)
    .orderBy("v.views", "desc")
    .orderBy("v.id")
    .limit(RELATED_VIDEOS)
    .execute();
}

export async function trendingVideos(): Promise<VideoCard[]> {
  maybeFail("videos.trending");
  return publicCards().orderBy("v.views", "desc").orderBy("v.id").limit(TRENDING_VIDEOS).execute();
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/** Normalises a search term: control characters dropped (PostgreSQL rejects NUL), trimmed, length-limited. */
export function normaliseQuery(q: string | null | undefined): string {
  return (q ?? "").replace(CONTROL_CHARACTERS, " ").trim().slice(0, SEARCH_MAX_LENGTH).trim();
}

/** Case-insensitive title-contains search over public videos, newest first. Blank → [] without a query. */
export async function searchVideos(q: string): Promise<VideoCard[]> {
  const term = normaliseQuery(q);
  if (!term) return [];
  maybeFail("videos.search");
  return publicCards()
    .where("v.title", "ilike", `%${escapeLike(term)}%`)
    .orderBy("v.upload_date", "desc")
    .orderBy("v.id", "desc")
    .limit(SEARCH_LIMIT)
    .execute();
}
