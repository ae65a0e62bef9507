import { Icon } from "./icons";

/** The large Play (or Replay, at the end) sign over the paused picture; decorative, the Play button is the control. */
export function PausedOverlay({ ended }: { ended: boolean }) {
  return (
    // On a phone the control bar (with a chapter line) takes half the picture: the sign sits in the half above it.
    <div aria-hidden="true" className="pointer-events-none absolute inset-0 grid place-items-center pb-20 sm:pb-0">
      <span className="grid h-12 w-12 place-items-center rounded-full bg-black/60 text-white ring-1 ring-white/30 sm:h-20 sm:w-20">
        <Icon name={ended ? "replay" : "play"} className="h-7 w-7 sm:h-11 sm:w-11" />
      </span>
    </div>
  );
}
