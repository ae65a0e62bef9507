import { useId } from "react";
import { ModalDialog } from "~/components/layout/ModalDialog";
import { useMessages } from "~/lib/i18n";
import { DEFAULT_CAPTION_STYLE } from "~core/caption-style";
import { CaptionPreview, CaptionStyleFields } from "./CaptionStyleFields";
import { type CaptionStyling, isCustomStyle } from "./use-caption-style";

/**
 * "Caption style" from the captions menu: a modal dialog (ModalDialog: above the player in fullscreen too, Escape
 * closes it, focus then returns to the captions button) with the six settings, its first one focused, and a
 * preview. Every change shows at once, on the preview and on the captions playing behind it.
 */
export function CaptionStyleDialog({ styling, onClose }: { styling: CaptionStyling; onClose: () => void }) {
  const t = useMessages("captionStyle");
  const introId = useId();
  const saveText = styling.account === "saved" ? t("savedToAccount") : styling.account === "failed" ? t("notSavedToAccount") : "";

  return (
    <ModalDialog
      heading={t("heading")}
      closeLabel={t("close")}
      onClose={() => {
        styling.flush();
        onClose();
      }}
      widthClass="w-[min(34rem,calc(100vw-2rem))]"
      initialFocus="select"
      describedBy={introId}
      testId="caption-style-dialog"
    >
      {(close) => (
        <>
          <p id={introId} className="mt-1 mb-4 text-sm text-zinc-400">
            {t("intro")}
          </p>
          <CaptionStyleFields style={styling.style} onChange={styling.change} />
          <CaptionPreview style={styling.style} />
          <p role="status" className="mt-2 min-h-5 text-sm text-zinc-300">
            {saveText}
          </p>
          <div className="mt-3 flex flex-wrap justify-end gap-2">
            <button
              type="button"
              disabled={!isCustomStyle(styling.style)}
              onClick={() => styling.change(DEFAULT_CAPTION_STYLE)}
              className="min-h-11 rounded-lg border border-ink-600 bg-ink-800 px-4 py-2 text-sm font-semibold hover:bg-ink-700 disabled:opacity-60"
            >
              {t("reset")}
            </button>
            <button
              type="button"
              onClick={close}
              className="min-h-11 rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
            >
              {t("done")}
            </button>
          </div>
        </>
      )}
    </ModalDialog>
  );
}
