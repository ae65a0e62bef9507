import { data } from "react-router";
import { TranslationsConsole } from "~/components/admin/translations/TranslationsConsole";
import { CONSOLE_PAGE, defineRoute } from "~core/route-contract";
import { translationSections } from "../../../server/services/translation-status";
import type { Route } from "./+types/translations";

export const contract = defineRoute({
  ...CONSOLE_PAGE,
});

/** `/admin/translations`: per kind of content and language, what is missing or only drafted (docs/i18n.md "Content"). */
export async function loader() {
  return data({ sections: await translationSections() });
}

export function meta() {
  return [{ title: "Translations | Console" }];
}

export default function TranslationsPage({ loaderData }: Route.ComponentProps) {
  return <TranslationsConsole sections={loaderData.sections} />;
}
