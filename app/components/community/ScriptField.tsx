import { useHydrated } from "~/lib/use-hydrated";
import { SCRIPT_FIELD } from "~core/community-answer";

/** Tells the endpoint a script reads its answer; without JavaScript the post is redirected back instead. */
export function ScriptField() {
  return useHydrated() ? <input type="hidden" name={SCRIPT_FIELD} value="1" /> : null;
}
