/**
 * The keyboard state of the header's search combobox (ARIA 1.2 combobox with a listbox popup): whether the
 * list shows and which option is highlighted (`active`, -1 for none; focus stays in the input and
 * aria-activedescendant names the option). Pure, so every key path is unit-tested without a browser.
 */
export interface ComboboxState {
  open: boolean;
  active: number;
  count: number;
}

export type ComboboxAction =
  | { type: "results"; count: number } // new suggestions arrived (or the text got too short: 0)
  | { type: "down" }
  | { type: "up" }
  | { type: "hover"; index: number }
  | { type: "open" } // focus came back to the input
  | { type: "close" }; // Escape, blur, or a choice was made

export const CLOSED: ComboboxState = { open: false, active: -1, count: 0 };

export function comboboxReducer(state: ComboboxState, action: ComboboxAction): ComboboxState {
  switch (action.type) {
    case "results":
      // New options: nothing is highlighted until the user moves there, so Enter still submits what was typed.
      return { open: action.count > 0, active: -1, count: action.count };
    case "down":
      if (state.count === 0) return state;
      // A closed list opens on the first option; an open one moves on, wrapping from the last to the first.
      return { ...state, open: true, active: state.open ? (state.active + 1) % state.count : 0 };
    case "up":
      if (state.count === 0) return state;
      return { ...state, open: true, active: state.open && state.active > 0 ? state.active - 1 : state.count - 1 };
    case "hover":
      return state.open && action.index >= 0 && action.index < state.count ? { ...state, active: action.index } : state;
    case "open":
      return state.count > 0 && !state.open ? { ...state, open: true, active: -1 } : state;
    case "close":
      return state.open || state.active !== -1 ? { ...state, open: false, active: -1 } : state;
  }
}
