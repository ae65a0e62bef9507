import type { FetcherWithComponents } from "react-router";
import { primaryButton } from "./console-ui";
import { dangerButton, secondaryButton } from "./editor-styles";

/**
 * The blog editors' save bar (English post and its translations): save, publish or unpublish, what happened, and
 * the way to deleting (`deleteLabel`, none when there is nothing stored to delete). Buttons of the form around it.
 */
export function BlogSaveBar({
  published,
  busy,
  status,
  formMessage,
  deleteLabel,
  onDelete,
}: {
  published: boolean;
  busy: boolean;
  status: string;
  formMessage: string | null | undefined;
  deleteLabel: string | null;
  onDelete: () => void;
}) {
  return (
    <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center gap-3 border-t border-ink-700 bg-ink-950 px-4 py-3 shadow-[0_-8px_16px_rgba(0,0,0,0.4)]">
      <button type="submit" name="intent" value="save" className={primaryButton} disabled={busy}>
        {published ? "Save" : "Save draft"}
      </button>
      <button type="submit" name="intent" value={published ? "unpublish" : "publish"} className={secondaryButton} disabled={busy}>
        {published ? "Unpublish" : "Publish"}
      </button>
      <p role="status" className="text-sm text-emerald-300">
        {busy ? "Saving…" : status}
      </p>
      {formMessage && (
        <p role="alert" className="text-sm text-red-300">
          {formMessage}
        </p>
      )}
      {deleteLabel && (
        <button type="button" className={`${secondaryButton} ms-auto`} onClick={onDelete}>
          {deleteLabel}
        </button>
      )}
    </div>
  );
}

/** The delete's confirmation, posted with the editor's delete fetcher (`intent=delete`). */
export function ConfirmBlogDelete({
  fetcher,
  question,
  busy,
  onCancel,
}: {
  fetcher: FetcherWithComponents<unknown>;
  question: string;
  busy: boolean;
  onCancel: () => void;
}) {
  return (
    <fetcher.Form method="post" className="flex flex-wrap items-center gap-3 rounded-xl border border-red-500/50 bg-red-950/40 p-4">
      <p className="me-auto text-sm text-red-100">{question}</p>
      <button type="submit" name="intent" value="delete" className={dangerButton} disabled={busy}>
        Delete for good
      </button>
      <button type="button" className={secondaryButton} onClick={onCancel}>
        Cancel
      </button>
    </fetcher.Form>
  );
}
