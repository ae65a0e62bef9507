/** Classes the blog editor's parts share. */
export const inputClass =
  "w-full rounded-lg border border-ink-700 bg-ink-900 px-3 py-2 text-sm text-zinc-100 placeholder:text-zinc-500 aria-[invalid=true]:border-red-400";
export const errorText = "mt-1 text-sm text-red-300";
