// remix-i18next's middleware: one i18next instance per request, with every locale's resources (server only).
// Routes hand their own namespace to the browser through their loader (messagesFor), so a page's HTML carries
// the strings it shows in its language, and the client bundle none.
import type { Resource } from "i18next";
import { initReactI18next } from "react-i18next";
import { createI18nextMiddleware } from "remix-i18next";
import { LOCALES } from "./locales";

const files = import.meta.glob<{ default: Record<string, string> }>("./locales/*/*.json", { eager: true });
const resources: Resource = {};
for (const [file, mod] of Object.entries(files)) {
  const [, lng, ns] = /\.\/locales\/([^/]+)\/(\w+)\.json$/.exec(file)!;
  resources[lng!] ??= {};
  resources[lng!]![ns!] = mod.default;
}

export const [i18nextMiddleware, getLocale, getInstance] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...LOCALES],
    fallbackLanguage: "en",
    findLocale: ({ request }) => new URL(request.url).pathname.split("/")[1] ?? null,
  },
  i18next: { resources, fallbackLng: "en", defaultNS: "common", interpolation: { escapeValue: false } },
  plugins: [initReactI18next],
});

export function messagesFor(lng: string, ns: string) {
  return { lng, ns, resources: resources[lng]![ns] as Record<string, string> };
}
