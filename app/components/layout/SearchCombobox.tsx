import { type KeyboardEvent, useEffect, useId, useReducer, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { CLOSED, comboboxReducer } from "~/lib/combobox-state";
import { textLanguage, useLocale, useMessages } from "~/lib/i18n";
import { useHydrated } from "~/lib/use-hydrated";
import { useSearchSuggestions } from "~/lib/use-search-suggestions";
import { localizePath } from "~core/locales";
import { type Suggestion, suggestible } from "~core/search-suggestions";

interface Props {
  id: string;
  defaultValue: string;
  autoFocus: boolean;
  className: string;
}

/**
 * The header's search field as an ARIA 1.2 combobox (the APG "list autocomplete" pattern): focus stays in
 * the input, the arrow keys highlight an option (aria-activedescendant), Enter opens the highlighted one or
 * submits the form, Escape closes the list and a second Escape clears the field. Until the page has hydrated
 * (and without JavaScript) it is the plain search field of a GET form to /search, without combobox roles
 * that nothing would serve.
 */
export function SearchCombobox({ id, defaultValue, autoFocus, className }: Props) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const t = useMessages("common");
  const locale = useLocale();
  const listId = useId();
  const input = useRef<HTMLInputElement>(null);
  // What was typed since the field appeared: the search page's own term (the default value) asks nothing on load.
  const [typed, setTyped] = useState("");
  const [state, dispatch] = useReducer(comboboxReducer, CLOSED);
  // How many suggestions to announce (null: nothing to say).
  const [announced, setAnnounced] = useState<number | null>(null);
  const { titles, categories } = useSearchSuggestions(typed, locale);
  const options = [...titles, ...categories];

  // New suggestions: show them (only to someone still in the field) and say how many there are.
  useEffect(() => {
    const count = titles.length + categories.length;
    dispatch({ type: "results", count });
    const focused = document.activeElement === input.current;
    if (!focused) dispatch({ type: "close" });
    setAnnounced(focused && suggestible(input.current?.value ?? "") ? count : null);
  }, [titles, categories]);

  const clear = () => {
    if (input.current) input.current.value = "";
    setTyped("");
  };
  const choose = (option: Suggestion) => {
    dispatch({ type: "close" });
    clear();
    navigate(localizePath(locale, option.url)); // the endpoint answers the English address; the page's language is kept
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const highlighted = state.open ? options[state.active] : undefined;
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault(); // the caret stays where it is
      dispatch({ type: e.key === "ArrowDown" ? "down" : "up" });
    } else if (e.key === "Enter" && highlighted) {
      e.preventDefault(); // no form submission: the highlighted option is the choice
      choose(highlighted);
    } else if (e.key === "Escape" && (state.open || e.currentTarget.value)) {
      // The list closes first, then the field clears; only an empty field leaves Escape to the header, which
      // closes the phone's search panel (useDismiss skips a prevented Escape; both listen on the document).
      e.preventDefault();
      if (state.open) dispatch({ type: "close" });
      else clear();
    }
  };

  const activeId = state.open && state.active >= 0 ? `${listId}-${state.active}` : undefined;
  const combobox = hydrated
    ? ({
        role: "combobox",
        "aria-autocomplete": "list",
        "aria-expanded": state.open,
        "aria-controls": listId,
        "aria-activedescendant": activeId,
      } as const)
    : {};

  return (
    <>
      <input
        ref={input}
        id={id}
        type="search"
        name="q"
        defaultValue={defaultValue}
        maxLength={100}
        placeholder={t("searchPlaceholder")}
        autoComplete="off"
        // biome-ignore lint/a11y/noAutofocus: the mobile search opens on demand, focus belongs in it
        autoFocus={autoFocus}
        className={className}
        onChange={(e) => setTyped(e.currentTarget.value)}
        onKeyDown={onKeyDown}
        onFocus={() => dispatch({ type: "open" })}
        onBlur={() => dispatch({ type: "close" })}
        {...combobox}
      />
      {hydrated && (
        <>
          <div
            id={listId}
            role="listbox"
            aria-label={t("searchSuggestions")}
            hidden={!state.open}
            className="absolute inset-x-0 top-full z-50 mt-1 overflow-hidden rounded-xl border border-ink-700 bg-ink-900 py-1 shadow-2xl"
          >
            <OptionGroup group="videos" label={t("suggestedVideos")} options={titles} first={0} {...{ listId, state, dispatch, choose }} />
            <OptionGroup
              group="categories"
              label={t("suggestedCategories")}
              options={categories}
              first={titles.length}
              {...{ listId, state, dispatch, choose }}
            />
          </div>
          <div role="status" aria-live="polite" className="sr-only">
            {announced === null ? "" : t("suggestionsCount", { count: announced })}
          </div>
        </>
      )}
    </>
  );
}

function OptionGroup(props: {
  group: "videos" | "categories";
  label: string;
  options: Suggestion[];
  first: number;
  listId: string;
  state: { active: number };
  dispatch: (action: { type: "hover"; index: number }) => void;
  choose: (option: Suggestion) => void;
}) {
  const labelId = `${props.listId}-${props.group}`;
  const locale = useLocale();
  if (props.options.length === 0) return null;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a listbox's groups are ARIA groups; a fieldset is for form controls
    <div role="group" aria-labelledby={labelId}>
      <div id={labelId} role="presentation" className="px-4 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-zinc-400">
        {props.label}
      </div>
      {props.options.map((option, i) => {
        const index = props.first + i;
        const active = index === props.state.active;
        return (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard stays in the input (aria-activedescendant), whose keys choose
          <div
            key={option.url}
            id={`${props.listId}-${index}`}
            role="option"
            dir="auto"
            {...textLanguage(option.lang, locale)}
            aria-selected={active}
            tabIndex={-1}
            className={`cursor-pointer truncate px-4 py-2 text-sm ${active ? "bg-brand-600/30 text-white" : "text-zinc-300"}`}
            // Keep focus (and so the list) in the input while the pointer chooses.
            onMouseDown={(e) => e.preventDefault()}
            onMouseMove={() => props.dispatch({ type: "hover", index })}
            onClick={() => props.choose(option)}
          >
            {option.label}
          </div>
        );
      })}
    </div>
  );
}
