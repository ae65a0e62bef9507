import { formatDuration } from "~/lib/format";
import { useMessages } from "~/lib/i18n";

/** "Resume at m:ss" beside the player: one press seeks the player there and plays (the video page wires it). */
export function ResumeOffer({ seconds, onResume }: { seconds: number; onResume: () => void }) {
  const t = useMessages("video");
  return (
    <button
      type="button"
      onClick={onResume}
      className="inline-flex items-center gap-2 rounded-full bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16">
        <path d="M8 5v14l11-7z" fill="currentColor" />
      </svg>
      {t("resumeAt", { time: formatDuration(seconds) })}
    </button>
  );
}
