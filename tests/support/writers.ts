import type { Kysely } from "kysely";
import { paths } from "../../core/paths";
import type { Database } from "../../server/db/schema";
import { postForm } from "./scale-out";

/**
 * Signed-in users writing through one address while something happens to the site behind it (the rolling-upgrade
 * drill): comments, likes, favorites and, where every release in play has playlists, Watch Later. Every write's
 * answer is recorded; `lost` then reads the database back and names each acknowledged write (200) that is not
 * there.
 */

export interface Writer {
  userId: string;
  /** The Cookie header of the writer's session. */
  cookie: string;
}

export type WriteKind = "comment" | "like" | "favorite" | "watch-later";

export interface Write {
  kind: WriteKind;
  writer: number;
  videoId: string;
  /** The comment's text, or the like's state ("true"/"false"). */
  value: string;
  /** -1: no HTTP answer. */
  status: number;
  /** ms since the writing started. */
  at: number;
}

export interface WriteOptions {
  /** Videos the writes go to; writer w likes videos[w] and favorites and saves them in turn. */
  videoIds: readonly string[];
  /** Also save to Watch Later (POST /api/playlists): only when every release in play has it. */
  watchLater: boolean;
  /** A round of writes per writer this often (a comment every fifth round: under the 10 a minute limit). */
  everyMs?: number;
}

export function writeContinuously(origin: string, writers: readonly Writer[], options: WriteOptions) {
  const started = Date.now();
  const writes: Write[] = [];
  const videos = options.videoIds;
  let going = true;

  const send = async (kind: WriteKind, writer: number, videoId: string, value: string, path: string, form: Record<string, string>) => {
    const at = Date.now() - started;
    let status = -1;
    try {
      const res = await postForm(`${origin}${path}`, form, writers[writer]?.cookie, AbortSignal.timeout(15_000));
      await res.arrayBuffer();
      status = res.status;
    } catch {}
    writes.push({ kind, writer, videoId, value, status, at });
  };

  const loops = writers.map(async (_, w) => {
    for (let n = 0; going; n++) {
      const liked = String(n % 2 === 0);
      await send("like", w, videos[w % videos.length] as string, liked, paths.api.like(videos[w % videos.length] as string), {
        liked,
        js: "1",
      });
      const next = videos[(w + n) % videos.length] as string;
      await send("favorite", w, next, "true", paths.api.favorites(), { videoId: next, favorite: "true" });
      if (options.watchLater)
        await send("watch-later", w, next, "true", paths.api.playlists(), { intent: "add", playlist: "watch-later", videoId: next });
      if (n % 5 === 0) {
        const content = `Upgrade drill: writer ${w}, comment ${n}`;
        await send("comment", w, next, content, paths.api.comments(), { videoId: next, content, js: "1" });
      }
      for (let waited = 0; going && waited < (options.everyMs ?? 1_500); waited += 100) await new Promise((r) => setTimeout(r, 100));
    }
  });

  return {
    started,
    writes,
    stop: async () => {
      going = false;
      await Promise.all(loops);
    },
    /** Each acknowledged write the database does not have, described. */
    lost: (db: Kysely<Database>) => lostWrites(db, writers, writes),
  };
}

async function lostWrites(db: Kysely<Database>, writers: readonly Writer[], writes: readonly Write[]): Promise<string[]> {
  const lost: string[] = [];
  const acknowledged = writes.filter((w) => w.status === 200);
  const userOf = (w: Write) => writers[w.writer]?.userId as string;
  for (const w of acknowledged.filter((x) => x.kind === "comment")) {
    const row = await db
      .selectFrom("comments")
      .select("id")
      .where("content", "=", w.value)
      .where("user_id", "=", userOf(w))
      .executeTakeFirst();
    if (!row) lost.push(`comment "${w.value}"`);
  }
  for (const w of acknowledged.filter((x) => x.kind === "favorite")) {
    const row = await db
      .selectFrom("favorites")
      .select("video_id")
      .where("user_id", "=", userOf(w))
      .where("video_id", "=", w.videoId)
      .executeTakeFirst();
    if (!row) lost.push(`favorite of writer ${w.writer} for ${w.videoId}`);
  }
  for (const w of acknowledged.filter((x) => x.kind === "watch-later")) {
    const row = await db
      .selectFrom("playlist_items as i")
      .innerJoin("playlists as p", "p.id", "i.playlist_id")
      .select("i.video_id")
      .where("p.user_id", "=", userOf(w))
      .where("p.kind", "=", "watch_later")
      .where("i.video_id", "=", w.videoId)
      .executeTakeFirst();
    if (!row) lost.push(`Watch Later of writer ${w.writer} for ${w.videoId}`);
  }
  // A like is a state: the last one acknowledged is what the database must say.
  for (let writer = 0; writer < writers.length; writer++) {
    const last = acknowledged.filter((x) => x.kind === "like" && x.writer === writer).at(-1);
    if (!last) continue;
    const row = await db
      .selectFrom("video_likes")
      .select("id")
      .where("user_id", "=", userOf(last))
      .where("video_id", "=", last.videoId)
      .executeTakeFirst();
    if (Boolean(row) !== (last.value === "true"))
      lost.push(`like of writer ${writer}: last acknowledged ${last.value}, stored ${Boolean(row)}`);
  }
  return lost;
}
