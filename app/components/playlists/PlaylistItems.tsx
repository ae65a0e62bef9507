import { useEffect, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { AppLink } from "~/components/ui/AppLink";
import { Still } from "~/components/ui/Still";
import { formatDuration } from "~/lib/format";
import { type Translate, textLanguage, useLocale, useMessages, usePaths } from "~/lib/i18n";
import { refusalText } from "~/lib/playlist-refusal-text";
import type { Locale } from "~core/locales";
import type { PlaylistAnswer, PlaylistRef } from "~core/playlists";

interface Item {
  id: string;
  title: string;
  /** English for want of a translation in the page's language. */
  title_lang?: Locale;
  duration: number;
  thumbnail_url: string | null;
  available: boolean;
}

const SMALL_BUTTON =
  "rounded-lg border border-ink-700 px-2.5 py-1 text-xs font-semibold hover:bg-ink-800 aria-disabled:cursor-not-allowed aria-disabled:opacity-40";

/**
 * A playlist's videos in order. For its owner each row can be moved by keyboard (Move up / Move down, each a
 * form, so they work without JavaScript too) or dragged with a pointer (HTML5 drag and drop onto another
 * row), and removed; a live region says where a moved video went. Moves show at once and the page's loader
 * brings the stored order back after each one.
 */
export function PlaylistItems({
  listRef,
  items,
  offset,
  total,
  editable,
}: {
  listRef: PlaylistRef;
  items: Item[];
  /** 0-based place of the first row in the whole list. */
  offset: number;
  total: number;
  editable: boolean;
}) {
  const t = useMessages("playlists");
  const paths = usePaths();
  const locale = useLocale();
  const fetcher = useFetcher<PlaylistAnswer>();
  const location = useLocation();
  const here = location.pathname + location.search;
  const [order, setOrder] = useState(items);
  const [announcement, setAnnouncement] = useState("");
  const [dragging, setDragging] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  // The loader's order is the truth whenever it arrives.
  useEffect(() => setOrder(items), [items]);
  // A moved row is taken out of the document and put back, which drops the focus of the button that moved
  // it: the same button (by its video and direction) gets it back.
  const [refocus, setRefocus] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each reorder, when the rows are in place
  useEffect(() => {
    if (!refocus) return;
    document.querySelector<HTMLElement>(`[data-move="${refocus}"]`)?.focus();
    setRefocus(null);
  }, [order]);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;

  const move = (id: string, to: number, direction?: "up" | "down") => {
    const from = order.findIndex((i) => i.id === id);
    const target = Math.max(0, Math.min(order.length - 1, to));
    if (from < 0 || target === from) return;
    const next = [...order];
    const [moved] = next.splice(from, 1) as [Item];
    next.splice(target, 0, moved);
    setOrder(next);
    if (direction) setRefocus(`${id}-${direction}`);
    setAnnouncement(t("moved", { title: shownTitle(t, moved), position: offset + target + 1, total }));
    fetcher.submit(
      { intent: "move", playlist: listRef, videoId: id, to: String(offset + target) },
      { method: "post", action: paths.api.playlists() },
    );
  };

  return (
    <>
      <ol className="divide-y divide-ink-800 rounded-xl border border-ink-800 bg-ink-900">
        {order.map((item, index) => (
          <li
            key={item.id}
            draggable={editable}
            onDragStart={(event) => {
              event.dataTransfer.effectAllowed = "move";
              event.dataTransfer.setData("text/plain", item.id);
              setDragging(item.id);
            }}
            onDragOver={(event) => {
              if (!dragging) return;
              event.preventDefault();
              setOver(item.id);
            }}
            onDragLeave={() => setOver((o) => (o === item.id ? null : o))}
            onDrop={(event) => {
              event.preventDefault();
              if (dragging) move(dragging, index);
              setDragging(null);
              setOver(null);
            }}
            onDragEnd={() => {
              setDragging(null);
              setOver(null);
            }}
            data-testid="playlist-item"
            className={`flex flex-wrap items-center gap-3 px-3 py-2 sm:flex-nowrap ${over === item.id && dragging !== item.id ? "bg-ink-800" : ""} ${dragging === item.id ? "opacity-50" : ""}`}
          >
            {editable && (
              <span aria-hidden="true" className="cursor-grab select-none px-1 text-zinc-400" title={t("dragToReorder")}>
                ⠿
              </span>
            )}
            <span className="w-7 shrink-0 text-end text-sm tabular-nums text-zinc-400">{offset + index + 1}</span>
            {item.available ? (
              <AppLink
                to={paths.video(item.id, { list: listRef })}
                className="flex min-w-56 flex-1 items-center gap-3 hover:text-brand-300"
              >
                <span className="relative aspect-video w-20 shrink-0 overflow-hidden rounded-md bg-ink-800 sm:w-28">
                  {item.thumbnail_url && (
                    <Still
                      src={item.thumbnail_url}
                      sizes="(min-width: 640px) 112px, 80px"
                      width={112}
                      height={63}
                      afterLcp
                      className="h-full w-full object-cover"
                    />
                  )}
                </span>
                <span dir="auto" {...textLanguage(item.title_lang, locale)} className="min-w-0 flex-1 truncate font-medium">
                  {item.title}
                </span>
                <span className="text-sm tabular-nums text-zinc-400">{formatDuration(item.duration)}</span>
              </AppLink>
            ) : (
              <span className="flex min-w-56 flex-1 items-center gap-3 text-zinc-400">
                <span className="aspect-video w-20 shrink-0 rounded-md bg-ink-800 sm:w-28" />
                <span className="italic">{t("unavailable")}</span>
              </span>
            )}
            {editable && (
              <span className="ms-auto flex shrink-0 gap-1.5">
                <MoveForm
                  listRef={listRef}
                  item={item}
                  to={offset + index - 1}
                  direction="up"
                  disabled={offset + index === 0}
                  here={here}
                  onMove={() => move(item.id, index - 1)}
                />
                <MoveForm
                  listRef={listRef}
                  item={item}
                  to={offset + index + 1}
                  direction="down"
                  disabled={offset + index === total - 1}
                  here={here}
                  onMove={() => move(item.id, index + 1, "down")}
                />
                <RemoveForm listRef={listRef} item={item} here={here} onRemoved={(title) => setAnnouncement(t("removed", { title }))} />
              </span>
            )}
          </li>
        ))}
      </ol>
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {answer && !answer.ok && (
        <p role="alert" className="mt-2 text-sm text-red-300">
          {refusalText(t, answer)}
        </p>
      )}
    </>
  );
}

/**
 * Move up / Move down: a form (no script: it posts and comes back); with one, the row moves at once. At the
 * ends it stays focusable but refuses (aria-disabled), so a keyboard user's focus is never dropped.
 */
function MoveForm(props: {
  listRef: string;
  item: Item;
  to: number;
  direction: "up" | "down";
  disabled: boolean;
  here: string;
  onMove: () => void;
}) {
  const { listRef, item, to, direction, disabled, here, onMove } = props;
  const t = useMessages("playlists");
  const paths = usePaths();
  const title = shownTitle(t, item);
  return (
    <form
      method="post"
      action={paths.api.playlists()}
      onSubmit={(event) => {
        event.preventDefault();
        if (!disabled) onMove();
      }}
    >
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="playlist" value={listRef} />
      <input type="hidden" name="videoId" value={item.id} />
      <input type="hidden" name="to" value={Math.max(0, to)} />
      <input type="hidden" name="redirectTo" value={here} />
      <button
        type="submit"
        aria-disabled={disabled}
        aria-label={direction === "up" ? t("moveUpLabel", { title }) : t("moveDownLabel", { title })}
        className={SMALL_BUTTON}
      >
        {direction === "up" ? "↑" : "↓"}
        <span className="sr-only sm:not-sr-only sm:ms-1">{direction === "up" ? t("up") : t("down")}</span>
      </button>
    </form>
  );
}

function RemoveForm({ listRef, item, here, onRemoved }: { listRef: string; item: Item; here: string; onRemoved: (title: string) => void }) {
  const t = useMessages("playlists");
  const paths = usePaths();
  const fetcher = useFetcher<PlaylistAnswer>();
  const title = shownTitle(t, item);
  return (
    <fetcher.Form method="post" action={paths.api.playlists()} onSubmit={() => onRemoved(title)}>
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="playlist" value={listRef} />
      <input type="hidden" name="videoId" value={item.id} />
      <input type="hidden" name="redirectTo" value={here} />
      <button type="submit" disabled={fetcher.state !== "idle"} aria-label={t("removeLabel", { title })} className={SMALL_BUTTON}>
        {t("remove")}
      </button>
    </fetcher.Form>
  );
}

/** An item's title as the row names it: "Unavailable video" for one that cannot be played. */
function shownTitle(t: Translate<"playlists">, item: Item): string {
  return item.available ? item.title : t("unavailable");
}
