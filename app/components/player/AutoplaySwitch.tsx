import { useMessages } from "~/lib/i18n";

/**
 * The Autoplay switch: a button with role="switch", so it says "Autoplay, switch, on/off". In the control bar
 * from 640 px; on a phone the bar has no room, so it sits in the player's top corner, shown with the controls.
 */
export function AutoplaySwitch({ on, onChange, className = "" }: { on: boolean; onChange: (on: boolean) => void; className?: string }) {
  const t = useMessages("player");
  const label = t(on ? "autoplayOn" : "autoplayOff");
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      aria-label={t("autoplay")}
      title={label}
      onClick={() => onChange(!on)}
      className={`h-10 shrink-0 items-center rounded-md px-2 hover:bg-white/15 sm:h-11 ${className}`}
    >
      <span aria-hidden="true" className={`relative h-4 w-8 rounded-full transition-colors ${on ? "bg-brand-500" : "bg-zinc-500"}`}>
        <span
          className={`absolute top-0.5 left-0.5 h-3 w-3 rounded-full bg-white transition-transform ${on ? "translate-x-4" : "translate-x-0"}`}
        />
      </span>
    </button>
  );
}
