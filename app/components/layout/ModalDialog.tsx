import { type ReactNode, useEffect, useId, useRef } from "react";

/**
 * A modal `<dialog>` with its heading and a close button (the save-to-playlist and caption style dialogs): shown
 * with showModal, so the browser keeps focus inside it, puts it above everything (a fullscreen player included)
 * and closes it on Escape; a click on the backdrop closes it too. Focus goes to `initialFocus` (a selector inside
 * it) or the browser's first choice, and back to the control that opened it when it goes.
 */
export function ModalDialog({
  heading,
  closeLabel,
  onClose,
  widthClass,
  initialFocus,
  describedBy,
  testId,
  children,
}: {
  heading: string;
  closeLabel: string;
  /** It closed (Escape, the close button, the backdrop, or `close` from the children). */
  onClose: () => void;
  /** Its width, as Tailwind classes (it never exceeds the window less 1 rem a side). */
  widthClass: string;
  initialFocus?: string;
  describedBy?: string;
  testId?: string;
  children: (close: () => void) => ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const headingId = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when it opens
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    dialog.current?.showModal();
    if (initialFocus) dialog.current?.querySelector<HTMLElement>(initialFocus)?.focus();
    return () => opener?.focus();
  }, []);

  const close = () => dialog.current?.close();
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes it; Escape is the browser's own
    <dialog
      ref={dialog}
      aria-labelledby={headingId}
      aria-describedby={describedBy}
      data-testid={testId}
      onClose={onClose}
      onClick={(event) => event.target === dialog.current && close()}
      className={`m-auto max-h-[calc(100dvh-2rem)] overflow-y-auto rounded-xl border border-ink-700 bg-ink-900 p-0 text-zinc-100 shadow-2xl backdrop:bg-black/70 ${widthClass}`}
    >
      <div className="p-5">
        <div className="flex items-start justify-between gap-3">
          <h2 id={headingId} className="text-lg font-semibold">
            {heading}
          </h2>
          <button
            type="button"
            onClick={close}
            aria-label={closeLabel}
            className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-xl leading-none text-zinc-300 hover:bg-ink-800"
          >
            ×
          </button>
        </div>
        {children(close)}
      </div>
    </dialog>
  );
}
