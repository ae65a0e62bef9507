import { useEffect, useId, useRef } from "react";
import { useMessages } from "~/lib/i18n";
import { DEFAULT_CAPTION_STYLE } from "~core/caption-style";
import { CaptionPreview, CaptionStyleFields } from "./CaptionStyleFields";
import { type CaptionStyling, isCustomStyle } from "./use-caption-style";

/**
 * "Caption style" from the captions menu: a modal <dialog> (the browser keeps focus in it, above the player in
 * fullscreen too, and Escape closes it; focus then returns to the captions button) with the six settings and a
 * preview. Every change shows at once, on the preview and on the captions playing behind it.
 */
export function CaptionStyleDialog({ styling, onClose }: { styling: CaptionStyling; onClose: () => void }) {
  const t = useMessages("captionStyle");
  const dialog = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  const introId = useId();

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    dialog.current?.showModal();
    // The first setting, not the close button the browser would pick.
    dialog.current?.querySelector("select")?.focus();
    return () => opener?.focus();
  }, []);

  const close = () => dialog.current?.close();
  const saveText = styling.account === "saved" ? t("savedToAccount") : styling.account === "failed" ? t("notSavedToAccount") : "";

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes it; Escape is the browser's own
    <dialog
      ref={dialog}
      aria-labelledby={headingId}
      aria-describedby={introId}
      data-testid="caption-style-dialog"
      onClose={() => {
        styling.flush();
        onClose();
      }}
      onClick={(event) => event.target === dialog.current && close()}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(34rem,calc(100vw-2rem))] overflow-y-auto rounded-xl border border-ink-700 bg-ink-900 p-0 text-zinc-100 shadow-2xl backdrop:bg-black/60"
    >
      <div className="p-5">
        <div className="flex items-start justify-between gap-3">
          <h2 id={headingId} className="text-lg font-semibold">
            {t("heading")}
          </h2>
          <button
            type="button"
            onClick={close}
            aria-label={t("close")}
            className="flex h-11 w-11 items-center justify-center rounded-full text-xl leading-none text-zinc-300 hover:bg-ink-800"
          >
            ×
          </button>
        </div>
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
            className="min-h-11 rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-500"
          >
            {t("done")}
          </button>
        </div>
      </div>
    </dialog>
  );
}
