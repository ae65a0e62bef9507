import type { RouterContextProvider } from "react-router";
import { mediaWithheld, withholdStills } from "~core/age-assurance";
import { ageAccessContext } from "../../server/http/request-context";

/**
 * A loader's stills filter: each card or video as it is, or with its thumbnail swapped for the blurred still
 * and its storyboard dropped when this visitor must pass an age check first (docs/decisions/0028). Applied to
 * the loader data, so the real URLs are neither in the HTML nor in the hydration data.
 */
export function stillsFor(context: Readonly<RouterContextProvider>) {
  const withheld = mediaWithheld(context.get(ageAccessContext));
  return <T extends { thumbnail_url: string | null; storyboard_url?: string | null }>(item: T): T =>
    withheld ? withholdStills(item) : item;
}
