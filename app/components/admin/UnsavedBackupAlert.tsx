import { primaryButton } from "./console-ui";
import { secondaryButton } from "./editor-styles";

/**
 * The blog editors' offer to bring back what `useUnsavedBackup` kept from earlier in the tab (`what`: "this post",
 * "this version"): restore them into the form, or discard them.
 */
export function UnsavedBackupAlert({ what, onRestore, onDiscard }: { what: string; onRestore: () => void; onDiscard: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-xl border border-amber-400/50 bg-amber-950/40 p-4 text-sm text-amber-100"
    >
      <p className="me-auto">Unsaved changes to {what} from earlier in this tab were kept.</p>
      <button type="button" className={primaryButton} onClick={onRestore}>
        Restore them
      </button>
      <button type="button" className={secondaryButton} onClick={onDiscard}>
        Discard
      </button>
    </div>
  );
}
