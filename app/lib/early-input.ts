// What a visitor did before the page's scripts listened (they start after its first image, ADR 0045), carried over
// to React once they do. Without this a control only script drives ignores a tap, and a field typed into keeps its
// text on screen while the component's state says it is empty (hydration leaves a field's value as it is).
//
// - Clicks: the loader at the end of <body> (app/lib/hydration-start.server.ts) records the last button without a
//   default action, or video, clicked or pressed; it is clicked again.
// - Fields: every field whose value differs from the one the server rendered, or that is typed into while React
//   hydrates, is set again to what the visitor left in it, the way a visitor's input would (React's own change
//   events), so its component sees it.
// Both happen once the page says it has hydrated (`data-hydrated`, set by app/root.tsx after every component's first
// effect), taken just before hydrating (fields typed into after that are noted again until then): from then on React
// queues what it cannot handle yet itself.

declare global {
  interface Window {
    /** Set by the loader: stops its recording and returns the button or video it recorded, if any. */
    takeHeldClick?: () => Element | null | undefined;
  }
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
type Entry = { field: Field; value: string; selected: boolean[]; checked: boolean };

/** Fields a visitor can change and React could hold: not hidden, file (cannot be set) or button-like inputs. */
const FIELDS =
  "textarea, select, input:not([type=hidden]):not([type=file]):not([type=submit]):not([type=button]):not([type=reset]):not([type=image])";

const isToggle = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio");

/** What `field` holds now. */
function noted(field: Field): Entry {
  return {
    field,
    value: field.value,
    selected: field instanceof HTMLSelectElement ? [...field.options].map((option) => option.selected) : [],
    checked: isToggle(field) && field.checked,
  };
}

/** The fields changed since the server rendered them, with what they hold now. */
function changedFields(): Entry[] {
  const changed: Entry[] = [];
  for (const field of document.querySelectorAll<Field>(FIELDS)) {
    if (field instanceof HTMLSelectElement) {
      const options = [...field.options];
      // Rendered with no option selected, a single select shows its first one (not disabled).
      const rendered = options.map((option) => option.defaultSelected);
      if (!field.multiple && !rendered.includes(true)) {
        const first = options.findIndex((option) => !option.disabled);
        if (first >= 0) rendered[first] = true;
      }
      if (options.some((option, i) => option.selected !== rendered[i])) changed.push(noted(field));
    } else if (isToggle(field)) {
      // A radio group changes by the one now checked; the one unchecked follows from it.
      if (field.checked !== field.defaultChecked && (field.type === "checkbox" || field.checked)) changed.push(noted(field));
    } else if (field.value !== field.defaultValue) changed.push(noted(field));
  }
  return changed;
}

const isField = (target: EventTarget | null): target is Field =>
  (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) &&
  target.matches(FIELDS);

/**
 * Sets `entry` again so React's change handling sees it: React remembers the last value it saw through the
 * element's own property, so that is set to something else first and the browser's own setter then puts the value
 * back, as typing would; then the event React reads the change from (click for a box, change for a select, input
 * for text).
 */
function replayField({ field, value, selected, checked }: Entry): void {
  if (field instanceof HTMLSelectElement) {
    for (const [i, option] of [...field.options].entries()) option.selected = selected[i] ?? option.selected;
    field.dispatchEvent(new Event("change", { bubbles: true }));
  } else if (isToggle(field)) {
    field.checked = !checked;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "checked")?.set?.call(field, checked);
    field.dispatchEvent(new Event("click", { bubbles: true })); // a plain Event: no toggle of its own
  } else {
    const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    field.value = value === "" ? " " : "";
    Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(field, value);
    field.dispatchEvent(new Event("input", { bubbles: true }));
  }
}

/** Called just before hydrating. */
export function carryOverEarlyInput(): void {
  // A function only: markup with that id would be `window.takeHeldClick` on a page whose loader did not set it.
  const take = window.takeHeldClick;
  const clicked = typeof take === "function" ? take() : null;
  const target = clicked instanceof HTMLButtonElement || clicked instanceof HTMLVideoElement ? clicked : null;
  const fields = new Map(changedFields().map((entry) => [entry.field, entry]));
  // Keys pressed while React hydrates reach the screen but not React, and a render of it may put a field back to its
  // own empty state: each one notes its field again, as the visitor left it. Without this the hand-over below put
  // back what was noted before them (CI lost "5 Opening" of "0:05 Opening", typed across that moment).
  const note = (event: Event) => {
    if (event.isTrusted && isField(event.target)) fields.set(event.target, noted(event.target));
  };
  for (const type of ["input", "change"]) document.addEventListener(type, note, true);
  const root = document.documentElement;
  const whenHydrated = new MutationObserver(() => {
    if (root.dataset.hydrated !== "true") return;
    whenHydrated.disconnect();
    for (const type of ["input", "change"]) document.removeEventListener(type, note, true);
    for (const entry of fields.values()) if (entry.field.isConnected) replayField(entry);
    if (target?.isConnected && !(target instanceof HTMLButtonElement && target.disabled)) target.click();
  });
  whenHydrated.observe(root, { attributes: true, attributeFilter: ["data-hydrated"] });
}
