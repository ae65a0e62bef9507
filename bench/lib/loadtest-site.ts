import type pg from "pg";
import { backgroundLoad } from "./cpu";
import type { Catalogue, LoadUser } from "./loadtest-mix";
import type { Topology } from "./loadtest-topology";
import { signInOverHttp } from "./session";

/**
 * Getting a started topology ready for the mix (the load test's and the soak's): what the mix visits, a check that
 * each kind of page answers, and the signed-in writers.
 */

/** Pages and videos the mix visits: every category with a public video, public videos with a duration, titles' words, blog posts. */
export async function readCatalogue(pool: pg.Pool): Promise<Catalogue> {
  const categories = await pool.query<{ slug: string }>(
    "SELECT slug FROM categories c WHERE EXISTS (SELECT 1 FROM videos v WHERE v.category_id = c.id AND v.is_public) ORDER BY slug",
  );
  const videos = await pool.query<{ id: string; duration: number }>(
    "SELECT id, duration FROM videos WHERE is_public AND duration > 0 ORDER BY upload_date DESC, id LIMIT 200",
  );
  const titles = await pool.query<{ title: string }>("SELECT title FROM videos WHERE is_public ORDER BY id LIMIT 100");
  const words = [...new Set(titles.rows.flatMap((t) => t.title.toLowerCase().split(/[^a-z]+/)).filter((w) => w.length >= 4))].slice(0, 20);
  const blog = await pool.query<{ slug: string }>("SELECT slug FROM blog_posts WHERE published ORDER BY slug");
  const catalogue = {
    categories: categories.rows.map((r) => r.slug),
    videos: videos.rows,
    searches: words,
    blogPosts: blog.rows.map((r) => r.slug),
  };
  for (const [what, list] of Object.entries(catalogue)) if (!list.length) throw new Error(`the site has no ${what} to load`);
  return catalogue;
}

/** One of each page the mix asks, before the load: each must answer 200. */
export async function checkPages(origin: string, c: Catalogue): Promise<void> {
  const paths = [
    "/",
    `/category/${c.categories[0]}`,
    `/video/${c.videos[0]!.id}`,
    `/search?q=${c.searches[0]}`,
    "/blog",
    `/blog/${c.blogPosts[0]}`,
  ];
  for (const p of paths) {
    const res = await fetch(`${origin}${p}`, { headers: { cookie: "ageVerified=true" }, redirect: "manual" });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${origin}${p} answered ${res.status} before the load started`);
  }
}

/** The address of the load's i-th signed-in user. */
export function loadUserEmail(runId: string, i: number): string {
  return `loadtest-${runId}-${i}@example.com`;
}

/** `count` users signed in over HTTP with e-mail codes, each from an address of their own (the sign-in limits are per address). */
export async function signInUsers(topology: Topology, count: number, runId: string): Promise<LoadUser[]> {
  const users: LoadUser[] = [];
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < count; i = next++) {
      const ip = `2001:db8:ffff:${i.toString(16)}::1`;
      const cookie = await signInOverHttp(topology.origin, topology.dataDirs, loadUserEmail(runId, i), { "x-forwarded-for": ip });
      users.push({ index: i, cookie, ip, commentTimes: [] });
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
  return users.sort((a, b) => a.index - b.index);
}

/**
 * Waits up to `seconds` for other processes to use under half a core (the machine is shared); returns the cores
 * they used just before going on.
 */
export async function waitForIdle(seconds: number, log: (msg: string) => void, before: string): Promise<number> {
  let otherCores = await backgroundLoad(3);
  for (const until = Date.now() + seconds * 1000; otherCores >= 0.5 && Date.now() < until; ) {
    log(`  other processes use ${otherCores} cores: waiting before ${before} (--wait-idle)...`);
    await new Promise((r) => setTimeout(r, 5000));
    otherCores = await backgroundLoad(3);
  }
  return otherCores;
}
