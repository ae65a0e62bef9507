import { useEffect, useId, useRef } from "react";
import { useDirection, useMessages } from "~/lib/i18n";
import { useStylesShownLater } from "~/lib/later-styles";
import { Icon } from "./icons";

export interface MenuOption<T> {
  value: T;
  label: string;
  /** The label's language, when it is not the page's (a captions language by its own name). */
  lang?: string;
}

// The open menu's parts: declared for the page's first stylesheet (app/lib/later-styles.ts).
const MENU_CLASS = "absolute right-0 bottom-full z-20 mb-2 min-w-36 rounded-lg bg-ink-900/95 py-1 shadow-xl ring-1 ring-white/15";
const HEADING_CLASS = "px-3 pt-1 pb-1.5 text-xs font-semibold tracking-wide text-zinc-400 uppercase";
const ITEM_CLASS =
  "flex w-full items-center gap-2 px-3 py-2 text-start text-sm text-zinc-100 hover:bg-white/10 focus-visible:bg-white/10 focus-visible:outline-offset-[-2px]";
const MARK_CLASS = "w-4 text-brand-300";
const SEPARATOR_CLASS = "my-1 border-white/15";

/**
 * A menu button with a single-choice menu (WAI-ARIA menu button pattern: aria-expanded, menuitemradio), and at its
 * end, after a separator, an optional command (a plain menuitem, "Caption style…") that opens something else.
 * Opens above the control bar (left to right in every language), its texts in the page's direction; arrows/Home/End
 * move, Enter/Space choose, Escape/Tab or a click outside close.
 */
/**
 * The value as the button's name says it: a person who sees "EN" says "EN" to speech control, so a short label
 * that is not a word of the whole value joins it, "English (EN)" (WCAG 2.5.3 label in name).
 */
export function spokenValue(valueText: string, compactValueText?: string): string {
  if (compactValueText === undefined) return valueText;
  const words = valueText.toLocaleLowerCase().split(/[\s()]+/);
  return words.includes(compactValueText.toLocaleLowerCase()) ? valueText : `${valueText} (${compactValueText})`;
}

export function MenuButton<T>({
  name,
  valueText,
  compactValueText,
  options,
  selected,
  open,
  onOpenChange,
  onSelect,
  command,
}: {
  /** "Speed", "Quality": the menu's name; the button reads "<name>: <valueText>" (in the page's language). */
  name: string;
  valueText: string;
  /**
   * Shown instead of `valueText` below 1280 px, where the control bar is short of room. The accessible name stays
   * whole and, when the short text is not one of its words ("EN" for "English"), says it too (`spokenValue`).
   */
  compactValueText?: string;
  options: readonly MenuOption<T>[];
  selected: T;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSelect: (value: T) => void;
  command?: { label: string; run: () => void };
}) {
  const t = useMessages("player");
  const direction = useDirection();
  const id = useId();
  useStylesShownLater(MENU_CLASS, HEADING_CLASS, ITEM_CLASS, MARK_CLASS, SEPARATOR_CLASS);
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLButtonElement | null)[]>([]);
  const selectedIndex = Math.max(
    0,
    options.findIndex((o) => o.value === selected),
  );

  // Focus follows the menu: onto the checked item when it opens.
  useEffect(() => {
    if (open) items.current[selectedIndex]?.focus();
  }, [open, selectedIndex]);

  // A press anywhere outside the button and its menu closes it.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) onOpenChange(false);
    };
    document.addEventListener("pointerdown", onPointerDown, true);
    return () => document.removeEventListener("pointerdown", onPointerDown, true);
  }, [open, onOpenChange]);

  const close = (refocus: boolean) => {
    onOpenChange(false);
    if (refocus) button.current?.focus();
  };

  const count = options.length + (command ? 1 : 0);
  const onMenuKeyDown = (event: React.KeyboardEvent) => {
    const current = items.current.indexOf(document.activeElement as HTMLButtonElement);
    const move = (to: number) => {
      event.preventDefault();
      items.current[(to + count) % count]?.focus();
    };
    switch (event.key) {
      case "ArrowDown":
        return move(current + 1);
      case "ArrowUp":
        return move(current - 1);
      case "Home":
        return move(0);
      case "End":
        return move(count - 1);
      case "Escape":
        event.preventDefault();
        event.stopPropagation();
        return close(true);
      case "Tab":
        return close(false);
    }
  };

  return (
    <div ref={wrapper} className="relative">
      <button
        ref={button}
        type="button"
        aria-label={t("menuButtonLabel", { name, value: spokenValue(valueText, compactValueText) })}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        // Its value in its own direction inside the left-to-right bar ("Auto (720p)" in Arabic, a captions language).
        dir="auto"
        onClick={() => onOpenChange(!open)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" || event.key === "ArrowUp") {
            event.preventDefault();
            onOpenChange(true);
          }
        }}
        className="flex h-10 min-w-10 items-center justify-center rounded-md px-2 text-sm font-semibold tabular-nums hover:bg-white/15 sm:h-11"
      >
        {compactValueText === undefined ? (
          valueText
        ) : (
          <>
            <span className="xl:hidden">{compactValueText}</span>
            <span className="hidden xl:inline">{valueText}</span>
          </>
        )}
      </button>
      {open && (
        <div id={id} role="menu" aria-label={name} dir={direction} tabIndex={-1} onKeyDown={onMenuKeyDown} className={MENU_CLASS}>
          <p aria-hidden="true" className={HEADING_CLASS}>
            {name}
          </p>
          {options.map((option, i) => (
            <button
              key={String(option.value)}
              ref={(el) => {
                items.current[i] = el;
              }}
              type="button"
              role="menuitemradio"
              lang={option.lang}
              aria-checked={option.value === selected}
              tabIndex={i === selectedIndex ? 0 : -1}
              onClick={() => {
                onSelect(option.value);
                close(true);
              }}
              className={ITEM_CLASS}
            >
              <span className={MARK_CLASS}>{option.value === selected && <Icon name="check" className="h-4 w-4" />}</span>
              {option.label}
            </button>
          ))}
          {command && (
            <>
              <hr className={SEPARATOR_CLASS} />
              <button
                ref={(el) => {
                  items.current[options.length] = el;
                }}
                type="button"
                role="menuitem"
                tabIndex={-1}
                onClick={() => {
                  close(true);
                  command.run();
                }}
                className={ITEM_CLASS}
              >
                <span className="w-4" />
                {command.label}
              </button>
            </>
          )}
        </div>
      )}
    </div>
  );
}
