import { useState } from "react";
import { Form } from "react-router";
import { CaptionPreview, CaptionStyleFields } from "~/components/player/CaptionStyleFields";
import { useMessages } from "~/lib/i18n";
import { type CaptionStyle, DEFAULT_CAPTION_STYLE } from "~core/caption-style";
import { SaveResult } from "./SaveResult";

/**
 * The account's caption style (core/caption-style.ts): the player's six settings as a plain form post (works
 * without JavaScript), with the preview following the choices. Saved here, it applies on every browser the user
 * signs in on; the player's own dialog saves to the same place.
 */
export function CaptionStyleSetting({
  saved,
  busy,
  result,
  className,
  buttonClassName,
}: {
  /** The account's style, null until they chose one. */
  saved: CaptionStyle | null;
  busy: boolean;
  result: { notice: string | null; error: string | null } | null;
  className: string;
  buttonClassName: string;
}) {
  const t = useMessages("captionStyle");
  const account = useMessages("account");
  const [style, setStyle] = useState(saved ?? DEFAULT_CAPTION_STYLE);
  return (
    <section aria-labelledby="captions-heading" className={className}>
      <h2 id="captions-heading" className="text-lg font-semibold">
        {t("heading")}
      </h2>
      <p className="mt-1 mb-4 text-sm text-zinc-400">{t("intro")}</p>
      <Form method="post">
        <input type="hidden" name="intent" value="captions" />
        <CaptionStyleFields style={style} onChange={setStyle} />
        <CaptionPreview style={style} />
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="submit" className={buttonClassName} disabled={busy}>
            {busy ? account("saving") : account("save")}
          </button>
          <button type="button" className={buttonClassName} onClick={() => setStyle(DEFAULT_CAPTION_STYLE)}>
            {t("reset")}
          </button>
        </div>
        <SaveResult result={result} />
      </Form>
    </section>
  );
}
