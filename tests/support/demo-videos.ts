import type { APIRequestContext } from "@playwright/test";
import { paths } from "../../core/paths";

/**
 * A public demo video with captions (the seed captions a few, server/seed/demo-captions.ts, not necessarily on
 * the first page of home): the first in the sitemap whose page lists a caption track, with its title.
 */
export async function captionedDemoVideo(request: APIRequestContext): Promise<{ id: string; title: string }> {
  const html = async (path: string) => (await request.get(path, { headers: { cookie: "ageVerified=true" } })).text();
  const ids = [...(await html(paths.sitemap())).matchAll(/\/video\/([0-9a-f-]{36})</g)].map((m) => m[1] as string);
  for (const id of ids) {
    const page = await html(paths.video(id));
    const title = /<h1[^>]*>([^<]+)<\/h1>/.exec(page)?.[1];
    if (page.includes("<track ") && title) return { id, title: title.replaceAll("&amp;", "&").replaceAll("&#x27;", "'") };
  }
  throw new Error("no demo video with captions in the sitemap");
}
