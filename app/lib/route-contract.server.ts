import { createContext, data, type MiddlewareFunction, type RouterContextProvider, redirect } from "react-router";
import { discardBody } from "~core/params";
import { loginPath } from "~core/redirect-to";
import type { RouteContract } from "~core/route-contract";
import type { Viewer } from "~core/viewer";
import type { z } from "~core/zod";
import { getViewer, pagePath } from "../../server/auth/session";
import { routeContext } from "../../server/request-context";
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
const inputContext = createContext<CheckedInput>({ params: {}, query: {} });
const viewerContext = createContext<Viewer | null>(null);

const NO_STORE = { "Cache-Control": "private, no-store" };

export const enforceRouteContract: MiddlewareFunction<Response> = async ({ request, context, params }) => {
  const route = context.get(routeContext);
  if (!route) return; // nothing in the table answers: the catch-all 404 page renders
  const { contract } = route;
  if (contract.access !== "public") {
    const viewer = await getViewer({ request, context });
    if (contract.access === "admin" && viewer?.role !== "admin") {
      await discardBody(request); // the answer, not a reset, reaches a client still sending
      throw data(null, { status: 404, headers: NO_STORE });
    }
    if (!viewer && contract.kind === "page") {
      await discardBody(request);
      throw redirect(loginPath(pagePath(new URL(request.url))), { headers: NO_STORE });
    }
    context.set(viewerContext, viewer); // a signed-in resource answers visitors itself (core/route-contract.ts)
  }
  context.set(inputContext, {
    params: contract.input?.params ? parseParams(contract.input.params, params) : params,
    query: contract.input?.query ? parseQuery(contract.input.query, request) : {},
  });
};

type Output<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;
type InputOf<C extends RouteContract> = {
  params: Output<NonNullable<C["input"]>["params"]>;
  query: Output<NonNullable<C["input"]>["query"]>;
};

/** This request's path and query parameters as the route's contract parsed them (`contract` types them). */
export function routeInput<C extends RouteContract>(context: Readonly<RouterContextProvider>, _contract: C): InputOf<C> {
  return context.get(inputContext) as InputOf<C>;
}

/** The signed-in viewer of a page whose contract requires one (an admin on `admin` routes). */
export function routeViewer(context: Readonly<RouterContextProvider>): Viewer {
  const viewer = context.get(viewerContext);
  if (!viewer) throw new Error("routeViewer() on a route whose contract lets visitors in");
  return viewer;
}
