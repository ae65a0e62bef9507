import { createContext, startTransition, useContext, useEffect, useMemo, useState } from "react";
import { useMatches } from "react-router";
import { paths } from "~core/paths";
import type { Viewer } from "~core/viewer";
import type { ViewerScope, ViewerState } from "~core/viewer-state";
import { type RootData, useRootData } from "./root-data";

/**
 * Who is signed in, and what is theirs on this page, for the pages the page cache keeps the same for every
 * signed-in user (docs/decisions/0021-signed-in-shell.md). Such a page is rendered as a shell: the root
 * says `viewerDeferred` and the page's loader names its `viewerScope` (the video it plays, the cards it
 * shows); after hydration this provider asks /api/viewer-state once per scope (and again after each
 * revalidation, when a like or a comment changed what is theirs) and the header, the cards and the video
 * page's controls fill in. Pages rendered per user (search, account pages) name their viewer in the root
 * data as before.
 *
 * `mode`: `visitor` (nobody is signed in), `signed-in` (`viewer` known), `shell` (a session cookie came
 * with the request but who it is has not arrived: the controls a signed-in user has, in their neutral
 * state; also what a browser without JavaScript keeps).
 */
export type ViewerMode = "visitor" | "signed-in" | "shell";

interface ViewerContextValue {
  viewer: Viewer | null;
  mode: ViewerMode;
  /** This page's per-user state, once it arrived for the page's current scope. */
  page: ViewerState | null;
  /** The cards of this page that carry a favorite control. */
  cards: ReadonlySet<string>;
}

const ViewerContext = createContext<ViewerContextValue | null>(null);

/** Loader data of a page that has per-user parts (home, category, video). */
export interface WithViewerScope {
  viewerScope?: ViewerScope;
}

const NO_CARDS: ReadonlySet<string> = new Set();

export function ViewerStateProvider({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  const leaf = useMatches().at(-1)?.loaderData as WithViewerScope | undefined;
  const scope = leaf?.viewerScope;
  const url = paths.api.viewerState(scope);
  const [fetched, setFetched] = useState<{ url: string; state: ViewerState } | null>(null);
  const deferred = root?.viewerDeferred ?? false;
  const maybeSignedIn = deferred || Boolean(root?.viewer);
  const viewerKnown = !deferred || fetched !== null;

  // Signed out: nothing of the last person stays.
  useEffect(() => {
    if (!maybeSignedIn) setFetched(null);
  }, [maybeSignedIn]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a revalidation (new loader data) asks again: a like or a comment changed what is theirs
  useEffect(() => {
    if (!maybeSignedIn || (!scope && viewerKnown)) return;
    const abort = new AbortController();
    fetch(url, { headers: { Accept: "application/json" }, signal: abort.signal })
      .then(async (res) => (res.ok ? ((await res.json()) as ViewerState) : null))
      // A transition: what it changes (the header, the like and save buttons, every card) renders without holding
      // the main thread, as the page's other updates right after hydration do (app/lib/use-hydrated.ts).
      .then((state) => {
        if (state) startTransition(() => setFetched({ url, state }));
      })
      // Unanswered: the page stays as it is (the shell, or the last answer); the next navigation asks again.
      .catch(() => {});
    return () => abort.abort();
  }, [url, maybeSignedIn, leaf, root]);

  const value = useMemo((): ViewerContextValue => {
    const base = viewerOf(root, fetched?.state);
    return {
      ...base,
      page: base.mode === "signed-in" && fetched?.url === url ? fetched.state : null,
      cards: base.mode === "visitor" || !scope?.cards ? NO_CARDS : new Set(scope.cards),
    };
  }, [root, fetched, url, scope]);
  return <ViewerContext.Provider value={value}>{children}</ViewerContext.Provider>;
}

function viewerOf(root: RootData | undefined, fetched: ViewerState | undefined): Pick<ViewerContextValue, "viewer" | "mode"> {
  if (!root?.viewerDeferred) return root?.viewer ? { viewer: root.viewer, mode: "signed-in" } : { viewer: null, mode: "visitor" };
  if (!fetched) return { viewer: null, mode: "shell" };
  return fetched.viewer ? { viewer: fetched.viewer, mode: "signed-in" } : { viewer: null, mode: "visitor" };
}

/** The viewer and mode; outside the provider (the root error page) from the root data alone. */
export function useViewer(): Pick<ViewerContextValue, "viewer" | "mode"> {
  const value = useContext(ViewerContext);
  const root = useRootData();
  return value ?? viewerOf(root, undefined);
}

/** This page's per-user state (liked, favorites, resume point, own comments), once it arrived. */
export function useViewerPage(): ViewerState | null {
  return useContext(ViewerContext)?.page ?? null;
}

/**
 * A card's favorite control: undefined where the card has none (visitors, pages that do not list the card
 * in their scope), else whether it is among the viewer's favorites (false until the state arrived).
 */
export function useCardFavorite(videoId: string): boolean | undefined {
  const value = useContext(ViewerContext);
  if (!value?.cards.has(videoId)) return undefined;
  return value.page?.favoriteIds.includes(videoId) ?? false;
}

/** Whether the viewer is known to be signed in (controls that need a script and an account: a card's menu). */
export function useSignedIn(): boolean {
  return useContext(ViewerContext)?.mode === "signed-in";
}
