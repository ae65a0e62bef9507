import type { APIRequestContext } from "@playwright/test";
import { paths } from "../../core/paths";

/**
 * A public demo video with the seed's own captions (server/seed/demo-captions.ts writes `…/en-demo.vtt`; other
 * specs upload files of their own to other videos) and, where one has them, chapters: the first such in the
 * sitemap (the seed's captioned videos are not necessarily on the first page of home), with its title.
 */
export async function captionedDemoVideo(request: APIRequestContext): Promise<{ id: string; title: string }> {
  const html = async (path: string) => (await request.get(path, { headers: { cookie: "ageVerified=true" } })).text();
  const ids = [...(await html(paths.sitemap())).matchAll(/\/video\/([0-9a-f-]{36})</g)].map((m) => m[1] as string);
  let fallback: { id: string; title: string } | undefined;
  for (const id of ids) {
    const page = await html(paths.video(id));
    const title = /<h1[^>]*>([^<]+)<\/h1>/.exec(page)?.[1]?.replaceAll("&amp;", "&").replaceAll("&#x27;", "'");
    if (!title || !page.includes("-demo.vtt")) continue;
    if (page.includes('id="chapters-heading"')) return { id, title };
    fallback ??= { id, title };
  }
  if (fallback) return fallback;
  throw new Error("no demo video with the seed's captions in the sitemap");
}
