import { createContext, data, type MiddlewareFunction, type RouterContextProvider, redirect } from "react-router";
import { type Locale, localeOfRequest, localeOfSegment } from "~core/locales";
import { pageLocaleOfRequest } from "~core/page-locale";
import { discardBody } from "~core/params";
import { pathsIn } from "~core/paths";
import type { RouteContract } from "~core/route-contract";
import type { Viewer } from "~core/viewer";
import type { z } from "~core/zod";
import { routeContext } from "../../server/http/request-context";
import { getViewer, pagePath } from "../../server/http/session";
import { messagesFor } from "../../server/i18n/catalog";
import { parseParams, parseQuery } from "./route-input";

/**
 * The one place where a route's declared access and input (core/route-contract.ts) are enforced, as the root
 * route's middleware: it runs before any loader or action of every page, `.data` navigation and resource
 * route. The HTTP layer matched the route (server/http/route-table.ts) and put it in the context.
 */

interface CheckedInput {
  params: unknown;
  query: unknown;
}
const inputContext = createContext<CheckedInput | null>(null);
const viewerContext = createContext<Viewer | null>(null);

const NO_STORE = { "Cache-Control": "private, no-store" };
/** A refused request's body is read and dropped up to this (the largest form, the blog editor's, fits). */
const REFUSED_BODY_BYTES = 1024 * 1024;

export const enforceRouteContract: MiddlewareFunction<Response> = async (args) => {
  try {
    await checkRouteContract(args);
  } catch (refusal) {
    throw withTexts(refusal, pageLocaleOfRequest(args.request));
  }
};

/**
 * A refusal thrown here comes before any loader, the root's included, so the error page would have no texts: a
 * 4xx without data of its own carries the layout's (`common`) in the page's language (app/lib/i18n.ts reads them).
 */
function withTexts(refusal: unknown, locale: Locale): unknown {
  const thrown = refusal as { type?: unknown; data?: unknown; init?: ResponseInit | null };
  if (thrown?.type !== "DataWithResponseInit" || thrown.data != null || (thrown.init?.status ?? 0) < 400) return refusal;
  return data({ intl: messagesFor(locale, ["common"]) }, thrown.init ?? undefined);
}

async function checkRouteContract({ request, context, params }: Parameters<MiddlewareFunction<Response>>[0]): Promise<void> {
  // A localized page's optional first segment (app/routes.ts) matches any word: only a language's is an address.
  if (params.lang !== undefined && !localeOfSegment(params.lang)) {
    await discardBody(request, REFUSED_BODY_BYTES);
    throw data(null, { status: 404 });
  }
  const route = context.get(routeContext);
  if (!route) return; // nothing in the table answers: the catch-all 404 page renders
  const { contract } = route;
  if (contract.access !== "public") {
    const viewer = await getViewer({ request, context });
    if (contract.access === "admin" && viewer?.role !== "admin") {
      await discardBody(request, REFUSED_BODY_BYTES); // the answer, not a reset, reaches a client still sending
      throw data(null, { status: 404, headers: NO_STORE });
    }
    // To /login and back. The history ends up as the original's "redirect (replacing history)" leaves it (docs/product.md "Routes"):
    // [previous page, /login]: on a client navigation the protected page never becomes an entry (the redirect
    // comes before the navigation commits); React Router's `replace()` would overwrite the previous page.
    // The sign-in page is in the protected page's language, and leads back to it (`/de/login?redirectTo=/de/…`).
    if (!viewer && contract.kind === "page") {
      await discardBody(request, REFUSED_BODY_BYTES);
      throw redirect(pathsIn(localeOfRequest(request)).login(pagePath(new URL(request.url))), { headers: NO_STORE });
    }
    context.set(viewerContext, viewer); // a signed-in resource answers visitors itself (core/route-contract.ts)
  }
  try {
    context.set(inputContext, {
      params: contract.input?.params ? parseParams(contract.input.params, params) : params,
      query: contract.input?.query ? parseQuery(contract.input.query, request) : {},
    });
  } catch (refusal) {
    await discardBody(request, REFUSED_BODY_BYTES);
    throw refusal;
  }
  const canonical = contract.input?.canonical?.(new URL(request.url));
  if (canonical) throw redirect(canonical, 301);
}

type Output<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;
type InputOf<C extends RouteContract> = {
  params: Output<NonNullable<C["input"]>["params"]>;
  query: Output<NonNullable<C["input"]>["query"]>;
};

/** This request's path and query parameters as the route's contract parsed them (`contract` types them). */
export function routeInput<C extends RouteContract>(context: Readonly<RouterContextProvider>, _contract: C): InputOf<C> {
  const checked = context.get(inputContext);
  // A loader of a route the HTTP layer did not match would read nothing checked: a bug, not a visitor's error.
  if (!checked) throw new Error("routeInput(): this request's route was not matched by the route table");
  return checked as InputOf<C>;
}

/** The signed-in viewer of a page whose contract requires one (an admin on `admin` routes). */
export function routeViewer(context: Readonly<RouterContextProvider>): Viewer {
  const viewer = context.get(viewerContext);
  if (!viewer) throw new Error("routeViewer() on a route whose contract lets visitors in");
  return viewer;
}
