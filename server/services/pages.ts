import fs from "node:fs/promises";
import path from "node:path";
import { DEFAULT_LOCALE, type Locale } from "../../core/locales";
import { fillPlaceholders, type MarkdownSection, splitSections } from "../../core/markdown";
import { site } from "../../core/site";
import { parseFrontmatter } from "../content/frontmatter";
import { env } from "../env";

/**
 * The company and legal pages kept as markdown in content/pages (editable without touching code): `<name>.md` in
 * English, `<name>.<locale>.md` in each other language (`values.de.md`, `terms.pt-BR.md`; docs/i18n.md "Content").
 */
export const PAGE_NAMES = ["values", "career", "terms", "privacy", "faq"] as const;
export type PageName = (typeof PAGE_NAMES)[number];

export interface PageContent {
  name: PageName;
  /** The language the text is in: the one asked for, or English where that language has no file. */
  locale: Locale;
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
export function parsePage(
  name: PageName,
  source: string,
  values: Record<string, string> = placeholderValues(),
  locale: Locale = DEFAULT_LOCALE,
): PageContent {
  const { data, body: raw } = parseFrontmatter(source);
  const body = fillPlaceholders(raw, values).trim();
  const { intro, sections } = splitSections(body);
  return {
    name,
    locale,
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
const cache = new Map<string, Promise<PageContent>>();

/** Resolved like the seed's content/blog: relative to the working directory the server starts in. */
export function pagesDir(): string {
  return path.resolve("content", "pages");
}

/** The file of page `name` in `locale`. */
export function pageFile(name: PageName, locale: Locale): string {
  return path.join(pagesDir(), locale === DEFAULT_LOCALE ? `${name}.md` : `${name}.${locale}.md`);
}

async function readPage(name: PageName, locale: Locale): Promise<PageContent> {
  if (locale !== DEFAULT_LOCALE) {
    try {
      return parsePage(name, await fs.readFile(pageFile(name, locale), "utf8"), placeholderValues(), locale);
    } catch (err) {
      // Not translated yet: the English text, which says it is English (PageContent.locale).
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
    }
  }
  return parsePage(name, await fs.readFile(pageFile(name, DEFAULT_LOCALE), "utf8"));
}

/** Page `name` in `locale`, or in English where that language has no file of it. */
export async function getPage(name: PageName, locale: Locale = DEFAULT_LOCALE): Promise<PageContent> {
  const cacheable = env().NODE_ENV === "production";
  const key = `${name}:${locale}`;
  const hit = cacheable ? cache.get(key) : undefined;
  if (hit) return hit;
  const loading = readPage(name, locale);
  if (cacheable) {
    cache.set(key, loading);
    // A failed read is retried on the next request instead of being remembered.
    loading.catch(() => cache.delete(key));
  }
  return loading;
}
