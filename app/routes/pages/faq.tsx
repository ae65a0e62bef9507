import { data } from "react-router";
import { MarkdownHtml } from "~/components/blog/MarkdownHtml";
import { renderMarkdown } from "~/components/blog/markdown.server";
import { textLanguage, translator, useLocale } from "~/lib/i18n";
import { localeFromMatches, siteUrlFromMatches } from "~/lib/root-data";
import { breadcrumbs, seoMeta } from "~/lib/seo";
import { type Locale, localeOfRequest } from "~core/locales";
import { markdownToPlainText } from "~core/markdown";
import { paths, pathsIn } from "~core/paths";
import { defineRoute } from "~core/route-contract";
import { getPage } from "../../../server/services/pages";
import type { Route } from "./+types/faq";

interface FaqItem {
  question: string;
  /** The answer as rendered markdown, for the page. */
  html: string;
  /** The same answer as plain text, for FAQPage structured data. */
  text: string;
}

interface FaqData {
  /** The language the content is in: the page's, or English where it has no translation yet. */
  contentLocale: Locale;
  title: string;
  description: string;
  introHtml: string;
  items: FaqItem[];
}

export const contract = defineRoute({
  access: "public",
  kind: "page",
  pageCache: true,
  sitemap: "static",
});

/** content/pages/faq.md (faq.<locale>.md): each `## Question?` heading and the paragraphs under it make one entry. */
export async function loader({ request }: Route.LoaderArgs) {
  const locale = localeOfRequest(request);
  const page = await getPage("faq", locale);
  return data<FaqData>({
    contentLocale: page.locale,
    title: page.title,
    description: page.description,
    introHtml: page.intro ? renderMarkdown(page.intro) : "",
    items: page.sections.map((s) => ({ question: s.heading, html: renderMarkdown(s.body), text: markdownToPlainText(s.body) })),
  });
}

export function meta({ loaderData: d, matches }: Route.MetaArgs) {
  if (!d) return [];
  const siteUrl = siteUrlFromMatches(matches);
  const locale = localeFromMatches(matches);
  const common = translator(locale, "common");
  const local = pathsIn(locale);
  return seoMeta({
    locale,
    siteUrl,
    title: d.title,
    description: d.description,
    path: paths.faq(),
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "FAQPage",
        inLanguage: d.contentLocale,
        mainEntity: d.items.map((item) => ({
          "@type": "Question",
          name: item.question,
          acceptedAnswer: { "@type": "Answer", text: item.text },
        })),
      },
      breadcrumbs(siteUrl, [
        { name: common("navHome"), path: local.home() },
        { name: d.title, path: local.faq() },
      ]),
    ],
  });
}

export default function FaqPage({ loaderData: d }: Route.ComponentProps) {
  const locale = useLocale();
  return (
    <article className="mx-auto max-w-3xl" {...textLanguage(d.contentLocale, locale)}>
      <h1 className="text-3xl font-extrabold leading-tight sm:text-4xl">{d.title}</h1>
      {d.introHtml && <MarkdownHtml html={d.introHtml} />}
      {/* Native disclosure widgets: focusable, toggled with Enter/Space, announced as expanded/collapsed,
          and the answers stay in the document for search and find-in-page even before JavaScript loads. */}
      <div className="mt-6 divide-y divide-ink-800 overflow-hidden rounded-xl border border-ink-800 bg-ink-900">
        {d.items.map((item) => (
          <details key={item.question} className="group">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 hover:bg-ink-800 [&::-webkit-details-marker]:hidden">
              <h2 className="text-base font-semibold text-white">{item.question}</h2>
              <svg
                aria-hidden="true"
                viewBox="0 0 20 20"
                fill="currentColor"
                className="h-5 w-5 shrink-0 text-brand-400 transition-transform group-open:rotate-180"
              >
                <path d="M5.2 7.7a.75.75 0 0 1 1.06.04L10 11.7l3.74-3.96a.75.75 0 1 1 1.1 1.02l-4.3 4.55a.75.75 0 0 1-1.1 0L5.16 8.76a.75.75 0 0 1 .04-1.06Z" />
              </svg>
            </summary>
            <MarkdownHtml html={item.html} className="px-5 pb-3 [&>*:first-child]:mt-0" />
          </details>
        ))}
      </div>
    </article>
  );
}
