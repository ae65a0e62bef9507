import type { Writable } from "node:stream";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, type HandleErrorFunction, type RouterContextProvider, ServerRouter } from "react-router";
import { databaseAvailable } from "../server/db/availability";
import { requestInfoContext } from "../server/http/request-context";
import { noteUncaughtOverload, sawOverload } from "../server/http/route-errors";
import { unavailableResponse } from "../server/http/unavailable";
import { catalogTexts } from "../server/i18n/catalog";
import { logger } from "../server/logger";
import appCss from "./app.css?inline";
import { InlineCssContext } from "./lib/app-styles";
import { LaterStylesContext } from "./lib/later-styles";
import { NonceContext } from "./lib/nonce";
import { DeferredPreloadsSink, pageBody } from "./lib/page-sink.server";
import { StyleSubset } from "./lib/style-subset.server";
import { provideTexts } from "./lib/texts";

// Pages render from the catalog itself (app/lib/texts.ts): every language and namespace is at hand.
provideTexts(catalogTexts);

// Production pages carry the stylesheet inline (see app/lib/app-styles.tsx); development links it for HMR.
const INLINE_CSS = import.meta.env.PROD ? appCss : "";
// Each page carries only the rules its markup uses (page-sink.server.ts); the whole sheet follows after hydration.
const PAGE_STYLES = INLINE_CSS ? new StyleSubset(INLINE_CSS) : undefined;

export const streamTimeout = 5_000;

/**
 * How long a page waits, once its shell is ready, for the rest of it before it streams. Every route's data is
 * there when it renders (no loader defers), so the rest comes a few ticks later, and React then writes React
 * Router's hydration data in place: streamed after the shell, that data comes in Suspense boundaries and three
 * more inline scripts move it into place (1 KB of the first round trip on home, and three more script hashes in a
 * cached page's CSP; docs/benchmarks.md "Issue 35: every cold document in one round trip"). A page whose data
 * took longer (a deferred loader) would still send its shell after this wait.
 */
const SHELL_WAIT_MS = 50;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // A failure caused by the database being down (or too busy for this request) is not the page's error
  // state but "back soon" (503).
  // Under overload the plain page also spares the render (app/root.tsx's boundary would say the same).
  if (responseStatusCode >= 500 && (!databaseAvailable() || sawOverload(loadContext))) return unavailableResponse(request);
  if (request.method.toUpperCase() === "HEAD") return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  const { nonce, requestId, markDegraded } = loadContext.get(requestInfoContext);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let shellFailed = false;
    // Crawlers and link-preview bots get the complete document in one piece, however long its data takes.
    const userAgent = request.headers.get("user-agent");
    const waitForAll = (userAgent && isbot(userAgent)) || routerContext.isSpaMode;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    let shellWait: ReturnType<typeof setTimeout> | undefined;
    // The classes of what script shows later (app/lib/later-styles.ts), complete once the shell has rendered.
    const shownLater = new Set<string>();

    const start = () => {
      if (shellRendered || shellFailed) return;
      shellRendered = true;
      clearTimeout(shellWait);
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      const sink = new DeferredPreloadsSink(nonce, PAGE_STYLES, shownLater);
      pipe(sink as unknown as Writable);
      // React has written everything: the abort timer has nothing left to guard.
      const done = () => {
        clearTimeout(timeoutId);
        timeoutId = undefined;
      };
      if (sink.ended) done();
      const body = pageBody(sink);
      if (!sink.ended) {
        const end = sink.onEnd;
        sink.onEnd = () => {
          done();
          end?.();
        };
      }
      resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
    };

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <InlineCssContext.Provider value={INLINE_CSS}>
          <LaterStylesContext.Provider value={shownLater}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </LaterStylesContext.Provider>
        </InlineCssContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        onShellReady() {
          if (!waitForAll) shellWait = setTimeout(start, SHELL_WAIT_MS);
        },
        onAllReady: start,
        onShellError(error: unknown) {
          shellFailed = true;
          clearTimeout(shellWait);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          markDegraded?.(); // after the shell the 200 is already sent: keep this page out of the page cache
          if (shellRendered) logger.error({ err: error, requestId }, "streaming render error");
        },
      },
    );
  });
}

/** Unexpected loader/action/render errors: logged once with the request id; the visitor sees a generic message. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  // The context is missing when the request failed before our Express layer could build it.
  const requestId = context?.get(requestInfoContext).requestId;
  if (noteUncaughtOverload(context, error)) return; // answered 503 (handleRequest), counted, not a bug
  logger.error({ err: error, requestId, url: request.url }, "unhandled request error");
};
