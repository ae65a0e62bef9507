import { useLocale } from "~/lib/i18n";
import { useHydrated } from "~/lib/use-hydrated";
import { LOCALE_FIELD, SCRIPT_FIELD } from "~core/community-answer";

/** Tells the endpoint a script reads its answer; without JavaScript the post is redirected back instead. */
export function ScriptField() {
  return useHydrated() ? <input type="hidden" name={SCRIPT_FIELD} value="1" /> : null;
}

/** The page's language, so the endpoint sends a post without JavaScript back to this page and words its answer alike. */
export function LocaleField() {
  return <input type="hidden" name={LOCALE_FIELD} value={useLocale()} />;
}
