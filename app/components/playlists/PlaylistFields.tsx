import { useMessages } from "~/lib/i18n";
import { refusalText } from "~/lib/playlist-refusal-text";
import { PLAYLIST_LIMITS, type PlaylistRefusal } from "~core/playlists";

type Refusal = PlaylistRefusal | null;

const FIELD = "mt-1 w-full rounded-lg border border-zinc-500 bg-ink-950 px-3 py-2";

/**
 * Title, description and visibility of a playlist: the create form and the edit form. The server's refusal
 * of a field shows under it, in the page's language (app/lib/playlist-refusal-text.ts).
 */
export function PlaylistFields({
  idPrefix,
  refusal,
  initial,
}: {
  idPrefix: string;
  refusal: Refusal;
  initial?: { title: string; description: string; isPublic: boolean };
}) {
  const t = useMessages("playlists");
  const error = (field: "title" | "description") => (refusal?.field === field ? refusalText(t, refusal) : null);
  const titleError = error("title");
  const descriptionError = error("description");
  return (
    <>
      <div>
        <label htmlFor={`${idPrefix}-title`} className="block text-sm font-medium">
          {t("title")}
        </label>
        <input
          id={`${idPrefix}-title`}
          name="title"
          defaultValue={initial?.title}
          required
          maxLength={PLAYLIST_LIMITS.titleMax}
          aria-invalid={Boolean(titleError)}
          aria-describedby={titleError ? `${idPrefix}-title-error` : undefined}
          className={FIELD}
        />
        {titleError && (
          <p id={`${idPrefix}-title-error`} role="alert" className="mt-1 text-sm text-red-300">
            {titleError}
          </p>
        )}
      </div>
      <div>
        <label htmlFor={`${idPrefix}-description`} className="block text-sm font-medium">
          {t("description")} <span className="font-normal text-zinc-400">{t("optional")}</span>
        </label>
        <textarea
          id={`${idPrefix}-description`}
          name="description"
          defaultValue={initial?.description}
          rows={3}
          maxLength={PLAYLIST_LIMITS.descriptionMax}
          aria-invalid={Boolean(descriptionError)}
          aria-describedby={descriptionError ? `${idPrefix}-description-error` : undefined}
          className={FIELD}
        />
        {descriptionError && (
          <p id={`${idPrefix}-description-error`} role="alert" className="mt-1 text-sm text-red-300">
            {descriptionError}
          </p>
        )}
      </div>
      <fieldset>
        <legend className="text-sm font-medium">{t("visibility")}</legend>
        <div className="mt-1 flex flex-wrap gap-x-6 gap-y-1 text-sm">
          <label className="flex items-center gap-2">
            <input type="radio" name="visibility" value="private" defaultChecked={!initial?.isPublic} className="accent-brand-500" />
            {t("privateOnlyYou")}
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="visibility" value="public" defaultChecked={initial?.isPublic} className="accent-brand-500" />
            {t("publicAnyone")}
          </label>
        </div>
      </fieldset>
    </>
  );
}
