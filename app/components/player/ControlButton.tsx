import { Icon, type IconName } from "./icons";

/** An icon button of the control bar; its label is its accessible name and its tooltip; `pressed` makes it a toggle. */
export function ControlButton({
  label,
  icon,
  onClick,
  pressed,
  className = "",
}: {
  label: string;
  icon: IconName;
  onClick: () => void;
  pressed?: boolean;
  className?: string;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      onClick={onClick}
      className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-md hover:bg-white/15 sm:h-11 sm:w-11 ${
        pressed ? "bg-white/10 text-brand-300" : ""
      } ${className}`}
    >
      <Icon name={icon} />
    </button>
  );
}
