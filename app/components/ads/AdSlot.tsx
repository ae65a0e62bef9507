export type AdSlotName = "Billboard_1" | "Billboard_2" | "Med_Rect_1" | "Med_Rect_2" | "Med_Rect_3";

/**
 * Reserved space for an ad unit (SPEC.md §9 sizes), so the layout does not jump when ads load.
 * The ads issue fills these from the ad_units table; until then the slot stays empty.
 */
export function AdSlot({ name }: { name: AdSlotName }) {
  const billboard = name.startsWith("Billboard");
  return (
    <aside
      aria-label="Advertisement"
      data-ad-slot={name}
      className={
        billboard
          ? "col-span-full flex h-[250px] w-full items-center justify-center overflow-hidden rounded-xl border border-dashed border-ink-700 bg-ink-900/40"
          : "mb-[30px] flex h-[250px] w-[300px] max-w-full items-center justify-center overflow-hidden rounded-xl border border-dashed border-ink-700 bg-ink-900/40"
      }
    >
      <span className="text-xs uppercase tracking-widest text-zinc-400">Advertisement</span>
    </aside>
  );
}
