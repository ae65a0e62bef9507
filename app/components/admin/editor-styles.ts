/** Classes the blog editor's parts share. */
export const inputClass =
  "w-full rounded-lg border border-zinc-500 bg-ink-900 px-3 py-2 text-sm text-zinc-100 placeholder:text-zinc-400 aria-[invalid=true]:border-red-400";
export const errorText = "mt-1 text-sm text-red-300";
// The editor's secondary and danger buttons are larger than the console lists' (its primary one is theirs, console-ui.tsx).
export const secondaryButton =
  "rounded-lg border border-ink-700 px-4 py-2 text-sm font-semibold text-zinc-100 hover:bg-ink-800 disabled:opacity-60";
export const dangerButton = "rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-600 disabled:opacity-60";
