import type { Translate } from "~/lib/i18n";
import { DISPLAY_NAME_MAX, type DisplayNameProblem, displayNameProblem } from "~core/account-schema";
import type { MessageId } from "../../../server/i18n/catalog";

const NAME_ERRORS: Record<DisplayNameProblem["code"], MessageId<"account">> = {
  required: "nameRequired",
  tooLong: "nameTooLong",
  unreadable: "nameUnreadable",
  noLetter: "nameNoLetter",
  policy: "namePolicy",
};

/**
 * A display name's first problem in the page's language, or null: the settings form as it is typed and its action
 * alike. A content-policy refusal names the term, in the words the console has in English (core/content-safety.ts).
 */
export function nameError(raw: string, t: Translate<"account">): string | null {
  const problem = displayNameProblem(raw);
  if (problem === null) return null;
  return t(NAME_ERRORS[problem.code], problem.code === "policy" ? { term: problem.term } : { max: DISPLAY_NAME_MAX });
}
