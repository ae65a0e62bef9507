import fs from "node:fs/promises";
import path from "node:path";
import { fillPlaceholders, type MarkdownSection, splitSections } from "../../core/markdown";
import { site } from "../../core/site";
import { parseFrontmatter } from "../content/frontmatter";
import { env } from "../env";

/** The company and legal pages kept as markdown in content/pages (editable without touching code). */
export const PAGE_NAMES = ["values", "career", "terms", "privacy", "faq"] as const;
export type PageName = (typeof PAGE_NAMES)[number];

export interface PageContent {
  name: PageName;
  title: string;
  description: string;
  /** The markdown body with `{email}` / `{legalEntity}` filled in from the site configuration. */
  body: string;
  intro: string;
  sections: MarkdownSection[];
}

export function isPageName(name: string): name is PageName {
  return (PAGE_NAMES as readonly string[]).includes(name);
}

/** Parses one page file: frontmatter title/description, placeholders filled, `## ` sections split out. */
export function parsePage(name: PageName, source: string, values: Record<string, string> = placeholderValues()): PageContent {
  const { data, body: raw } = parseFrontmatter(source);
  const body = fillPlaceholders(raw, values).trim();
  const { intro, sections } = splitSections(body);
  return {
    name,
    title: fillPlaceholders(data.title?.trim() || name, values),
    description: fillPlaceholders(data.description?.trim() ?? "", values),
    body,
    intro,
    sections,
  };
}

export function placeholderValues(): Record<string, string> {
  return { email: site.contactEmail, legalEntity: site.legalEntity, siteName: site.name };
}

// Files change only with a deploy, so production reads each one once; other modes re-read so that
// editing content shows up on reload.
const cache = new Map<PageName, Promise<PageContent>>();

/** Resolved like the seed's content/blog: relative to the working directory the server starts in. */
export function pagesDir(): string {
  return path.resolve("content", "pages");
}

export async function getPage(name: PageName): Promise<PageContent> {
  const cacheable = env().NODE_ENV === "production";
  const hit = cacheable ? cache.get(name) : undefined;
  if (hit) return hit;
  const loading = fs.readFile(path.join(pagesDir(), `${name}.md`), "utf8").then((source) => parsePage(name, source));
  if (cacheable) {
    cache.set(name, loading);
    // A failed read is retried on the next request instead of being remembered.
    loading.catch(() => cache.delete(name));
  }
  return loading;
}
