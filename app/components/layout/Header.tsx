import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Form, Link, NavLink, useLocation, useNavigate } from "react-router";
import { type Translate, textLanguage, useLocale, useMessages, usePaths } from "~/lib/i18n";
import { useStylesShownLater } from "~/lib/later-styles";
import { type RootData, useRootData } from "~/lib/root-data";
import { useDismiss } from "~/lib/use-dismiss";
import { useViewer } from "~/lib/viewer-state";
import { FALLBACK_CATEGORIES } from "~core/categories";
import type { Paths } from "~core/paths";
import { site } from "~core/site";
import { slugify } from "~core/slug";
import { SearchCombobox } from "./SearchCombobox";
import { UserMenu } from "./UserMenu";

type Panel = "categories" | "mobile-menu" | "mobile-search" | null;

// The panels' parts, shown only when opened: declared for the page's first stylesheet (app/lib/later-styles.ts).
/** The phone's panels under the header bar: the search and the menu. */
const PHONE_PANEL_CLASS = "border-t border-ink-800 px-4 py-3 md:hidden";
const CATEGORIES_PANEL_CLASS = "absolute start-0 top-full z-50 w-[36rem] rounded-xl border border-ink-700 bg-ink-900 p-3";
const CATEGORIES_GRID_CLASS = "grid grid-cols-3 gap-1";
const CATEGORY_LINK_CLASS = "block rounded-md px-3 py-1.5 text-sm text-zinc-300 hover:bg-ink-800 hover:text-white";
const MOBILE_LIST_CLASS = "space-y-1";
const MOBILE_LINK_CLASS = "block rounded-md px-3 py-2 hover:bg-ink-800";
const MOBILE_TOGGLE_CLASS = "flex w-full items-center justify-between rounded-md px-3 py-2 text-start hover:bg-ink-800";
const MOBILE_CATEGORIES_CLASS = "grid grid-cols-2 gap-1 ps-3";
const MOBILE_CATEGORY_LINK_CLASS = "block rounded-md px-3 py-1.5 text-sm text-zinc-300 hover:bg-ink-800";

/**
 * Sign In comes back to the page it was pressed on (the sign-in page validates the path again); pressed on the
 * sign-in page, it is the plain one (the redirect rule never leads back to it).
 */
function signInHref(paths: Paths, location: { pathname: string; search: string }): string {
  return paths.login(`${location.pathname}${location.search}`);
}

/** Site header: logo, navigation, category menu, search and the sign-in entry point (or the signed-in user's menu). */
export function Header() {
  const t = useMessages("common");
  const paths = usePaths();
  const root = useRootData();
  const { viewer, mode } = useViewer();
  const categories = root?.categories ?? FALLBACK_CATEGORIES.map((name) => ({ name, slug: slugify(name) }));
  const [open, setOpen] = useState<Panel>(null);
  const location = useLocation();
  const headerRef = useRef<HTMLElement>(null);
  const closeAll = useCallback(() => setOpen(null), []);
  useStylesShownLater(
    PHONE_PANEL_CLASS,
    CATEGORIES_PANEL_CLASS,
    CATEGORIES_GRID_CLASS,
    CATEGORY_LINK_CLASS,
    MOBILE_LIST_CLASS,
    MOBILE_LINK_CLASS,
    MOBILE_TOGGLE_CLASS,
    MOBILE_CATEGORIES_CLASS,
    MOBILE_CATEGORY_LINK_CLASS,
  );

  // Menus close on route change, and on a click outside them or Escape. A link chosen in a panel navigates: focus,
  // which was in it, goes back to the button that opened it, not to nothing (WCAG 2.4.3: the next Tab starts there).
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the point of watching the location
  useEffect(() => {
    for (const button of headerRef.current?.querySelectorAll<HTMLElement>("[aria-controls]") ?? []) {
      if (document.getElementById(button.getAttribute("aria-controls") ?? "")?.contains(document.activeElement)) button.focus();
    }
    setOpen(null);
  }, [location.pathname, location.search]);
  useDismiss(open !== null, headerRef, closeAll);

  const toggle = (panel: Panel) => setOpen((current) => (current === panel ? null : panel));
  const navClass = ({ isActive }: { isActive: boolean }) =>
    `rounded-md px-3 py-2 text-sm font-medium hover:bg-ink-800 hover:text-white ${isActive ? "text-white" : "text-zinc-300"}`;

  return (
    <header ref={headerRef} className="sticky top-0 z-40 border-b border-ink-800 bg-ink-950/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4">
        <Link
          to={paths.home()}
          className="flex shrink-0 items-center gap-2 text-xl font-extrabold tracking-tight"
          aria-label={t("logoLabel", { site: site.name })}
        >
          {/* The favicon's own file: the browser asks for the favicon after the page's load event, on a connection of
              its own, and finds it cached (docs/benchmarks.md "Issue 35: the LCP image alone on the line"). Low priority:
              it never competes with the page's LCP image, and React does not preload it. */}
          <img src={site.mark} alt="" width={32} height={32} fetchPriority="low" className="h-8 w-8" />
          <span className="hidden sm:inline">
            Pleaz<span className="text-brand-400">ure</span>
          </span>
        </Link>

        <nav aria-label={t("navMain")} className="hidden items-center gap-1 md:flex">
          <NavLink to={paths.home()} end className={navClass}>
            {t("navHome")}
          </NavLink>
          <CategoriesMenu
            categories={categories}
            open={open === "categories"}
            onToggle={() => toggle("categories")}
            onOpen={() => setOpen("categories")}
            onClose={() => setOpen(null)}
            t={t}
            paths={paths}
          />
          <NavLink to={paths.blog()} className={navClass}>
            {t("navBlog")}
          </NavLink>
        </nav>

        <div className="ms-auto hidden max-w-md flex-1 md:block">
          <SearchForm />
        </div>

        <div className="ms-auto flex items-center gap-2 md:ms-0">
          <button
            type="button"
            className="rounded-md p-2 text-zinc-300 hover:bg-ink-800 md:hidden"
            aria-label={t("search")}
            aria-expanded={open === "mobile-search"}
            aria-controls="mobile-search"
            onClick={() => toggle("mobile-search")}
          >
            <SearchIcon />
          </button>
          {viewer ? (
            <UserMenu viewer={viewer} />
          ) : mode === "shell" ? (
            <AccountLink t={t} paths={paths} />
          ) : (
            <Link
              to={signInHref(paths, location)}
              className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
            >
              {t("signIn")}
            </Link>
          )}
          <button
            type="button"
            className="rounded-md p-2 text-zinc-300 hover:bg-ink-800 md:hidden"
            aria-label={t("menu")}
            aria-expanded={open === "mobile-menu"}
            aria-controls="mobile-menu"
            onClick={() => toggle("mobile-menu")}
          >
            <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M4 6h16M4 12h16M4 18h16" />
            </svg>
          </button>
        </div>
      </div>

      {open === "mobile-search" && (
        <div id="mobile-search" className={PHONE_PANEL_CLASS}>
          <SearchForm autoFocus />
        </div>
      )}
      {open === "mobile-menu" && <MobileMenu categories={categories} t={t} paths={paths} />}
    </header>
  );
}

function CategoriesMenu(props: {
  categories: RootData["categories"];
  open: boolean;
  onToggle: () => void;
  onOpen: () => void;
  onClose: () => void;
  t: Translate<"common">;
  paths: Paths;
}) {
  const { t, paths } = props;
  const locale = useLocale();
  const menuId = useId();
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover opening is a pointer nicety; the button is the keyboard path
    <div className="relative" onMouseEnter={props.onOpen} onMouseLeave={props.onClose}>
      <button
        type="button"
        className="flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-zinc-300 hover:bg-ink-800 hover:text-white"
        aria-expanded={props.open}
        aria-controls={menuId}
        // A pointer has already opened the menu on hover, so a click must not toggle it shut again;
        // keyboard activation (detail 0) toggles.
        onClick={(e) => (e.detail === 0 ? props.onToggle() : props.onOpen())}
      >
        {t("navCategories")}
        <svg aria-hidden="true" width="12" height="12" viewBox="0 0 20 20" fill="currentColor">
          <path d="M5.5 7.5 10 12l4.5-4.5" stroke="currentColor" strokeWidth="2" fill="none" />
        </svg>
      </button>
      {props.open && (
        <div id={menuId} className={CATEGORIES_PANEL_CLASS}>
          <ul className={CATEGORIES_GRID_CLASS}>
            {props.categories.map((c) => (
              <li key={c.slug}>
                <Link to={paths.category(c.slug)} dir="auto" {...textLanguage(c.lang, locale)} className={CATEGORY_LINK_CLASS}>
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

function MobileMenu({ categories, t, paths }: { categories: RootData["categories"]; t: Translate<"common">; paths: Paths }) {
  const [showCategories, setShowCategories] = useState(false);
  const locale = useLocale();
  return (
    <nav id="mobile-menu" aria-label={t("navMobile")} className={PHONE_PANEL_CLASS}>
      <ul className={MOBILE_LIST_CLASS}>
        <li>
          <Link to={paths.home()} className={MOBILE_LINK_CLASS}>
            {t("navHome")}
          </Link>
        </li>
        <li>
          <button
            type="button"
            className={MOBILE_TOGGLE_CLASS}
            aria-expanded={showCategories}
            aria-controls="mobile-categories"
            onClick={() => setShowCategories((v) => !v)}
          >
            {t("navCategories")} <span aria-hidden="true">{showCategories ? "−" : "+"}</span>
          </button>
          {showCategories && (
            <ul id="mobile-categories" className={MOBILE_CATEGORIES_CLASS}>
              {categories.map((c) => (
                <li key={c.slug}>
                  <Link to={paths.category(c.slug)} dir="auto" {...textLanguage(c.lang, locale)} className={MOBILE_CATEGORY_LINK_CLASS}>
                    {c.name}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </li>
        <li>
          <Link to={paths.blog()} className={MOBILE_LINK_CLASS}>
            {t("navBlog")}
          </Link>
        </li>
      </ul>
    </nav>
  );
}

/**
 * GET /search?q=… (works without JavaScript); with JavaScript the term is trimmed and blanks are ignored, and
 * the field suggests titles and categories as one types (SearchCombobox).
 */
function SearchForm({ autoFocus = false }: { autoFocus?: boolean }) {
  const t = useMessages("common");
  const paths = usePaths();
  const navigate = useNavigate();
  const location = useLocation();
  const current = location.pathname === paths.search() ? (new URLSearchParams(location.search).get("q") ?? "") : "";
  return (
    <Form
      method="get"
      action={paths.search()}
      role="search"
      className="relative"
      onSubmit={(e) => {
        e.preventDefault();
        const q = String(new FormData(e.currentTarget).get("q") ?? "").trim();
        if (q) navigate(paths.search({ q }));
      }}
    >
      <label className="sr-only" htmlFor={autoFocus ? "search-mobile" : "search-desktop"}>
        {t("searchLabel")}
      </label>
      <SearchCombobox
        id={autoFocus ? "search-mobile" : "search-desktop"}
        key={current}
        defaultValue={current}
        autoFocus={autoFocus}
        className="w-full rounded-full border border-zinc-500 bg-ink-900 py-2 ps-4 pe-10 text-sm placeholder:text-zinc-400 focus:border-brand-500"
      />
      <button
        type="submit"
        aria-label={t("searchSubmit")}
        className="absolute end-1 top-1/2 -translate-y-1/2 rounded-full p-2 text-zinc-400 hover:text-white"
      >
        <SearchIcon />
      </button>
    </Form>
  );
}

function SearchIcon() {
  return (
    <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </svg>
  );
}

/**
 * The account entry of a shell page (a session cookie came with the request; who it is arrives after
 * hydration): the avatar's place and size, so nothing moves when the menu replaces it, and a plain link to
 * the profile, which is what a signed-in user without JavaScript uses.
 */
function AccountLink({ t, paths }: { t: Translate<"common">; paths: Paths }) {
  return (
    <Link
      to={paths.profile()}
      aria-label={t("yourAccount")}
      data-account="pending"
      className="flex items-center gap-2 rounded-full p-1 pe-1 text-sm font-medium text-zinc-200 hover:bg-ink-800 sm:pe-3"
    >
      <span aria-hidden="true" className="grid h-8 w-8 shrink-0 place-items-center rounded-full bg-ink-700 text-zinc-300">
        <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
          <circle cx="12" cy="8" r="4" />
          <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" />
        </svg>
      </span>
      <span className="hidden sm:inline">{t("account")}</span>
    </Link>
  );
}
