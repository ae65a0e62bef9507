import { useLocation } from "react-router";
import { useMessages } from "~/lib/i18n";
import { useRootData } from "~/lib/root-data";
import { mediaWithheld, WITHHELD_STILL } from "~core/age-assurance";
import { paths } from "~core/paths";

/**
 * The button that starts the age check (docs/decisions/0028-age-assurance.md): a plain form post, so it works
 * without JavaScript; the server sends the visitor on to the age-verification service and back to this page.
 */
function AgeCheckButton() {
  const t = useMessages("common");
  const location = useLocation();
  return (
    <form method="post" action={paths.ageCheck()}>
      <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
      <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
        {t("ageCheckButton")}
      </button>
    </form>
  );
}

/** A bar under the header on every page while media are withheld from this visitor. */
export function AgeCheckNotice() {
  const t = useMessages("common");
  const root = useRootData();
  const { pathname } = useLocation();
  // The age-check page says it all itself.
  if (!root || !mediaWithheld(root.ageAccess) || pathname === paths.ageCheck()) return null;
  return (
    <div className="mx-auto mt-4 max-w-7xl px-4">
      <aside
        aria-label={t("ageCheckLabel")}
        className="flex flex-col gap-3 rounded-xl border border-brand-500/40 bg-ink-900 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
      >
        <p className="text-sm text-zinc-300">{t("ageCheckNotice")}</p>
        <AgeCheckButton />
      </aside>
    </div>
  );
}

/** In place of the player while the video is withheld: the blurred still, what to do, and the button. */
export function WithheldPlayer() {
  const t = useMessages("common");
  return (
    <section
      aria-labelledby="age-check-heading"
      className="relative grid aspect-video w-full place-items-center overflow-hidden rounded-xl bg-ink-900 bg-cover bg-center p-4 text-center"
      style={{ backgroundImage: `url(${WITHHELD_STILL})` }}
      data-testid="withheld-player"
    >
      {/* Blurred behind the text: the still's lock would show through otherwise. */}
      <div className="max-w-md rounded-xl bg-ink-950/80 p-4 backdrop-blur-md sm:p-5">
        <h2 id="age-check-heading" className="text-lg font-bold">
          {t("ageCheckRequired")}
        </h2>
        <p className="mt-2 text-sm text-zinc-300">{t("ageCheckVideo")}</p>
        <div className="mt-4 flex justify-center">
          <AgeCheckButton />
        </div>
      </div>
    </section>
  );
}
