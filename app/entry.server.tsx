import { PassThrough, Transform } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, type HandleErrorFunction, type RouterContextProvider, ServerRouter } from "react-router";
import { logger } from "../server/logger";
import { requestInfoContext } from "../server/request-context";
import appCss from "./app.css?inline";
import { InlineCssContext } from "./lib/app-styles";
import { NonceContext } from "./lib/nonce";

// Production pages carry the stylesheet inline (see app/lib/app-styles.tsx); development links it for HMR.
const INLINE_CSS = import.meta.env.PROD ? appCss : "";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  const { nonce, requestId } = loadContext.get(requestInfoContext);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Crawlers and link-preview bots get the complete document in one piece.
    const userAgent = request.headers.get("user-agent");
    const readyOption = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <InlineCssContext.Provider value={INLINE_CSS}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </InlineCssContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          const head = lowPriorityModulePreloads();
          head.pipe(body);
          pipe(head);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger.error({ err: error, requestId }, "streaming render error");
        },
      },
    );
  });
}

const HEAD_END = Buffer.from("</head>");

/**
 * The page is complete without JavaScript (server-rendered), so the hydration scripts' `<link rel=modulepreload>`
 * tags (React Router's <Scripts/>, hoisted into <head>) get `fetchpriority="low"`: on a slow connection the
 * stylesheet-free first paint and the LCP image then get the bandwidth before ~130 KB of scripts. Only the
 * <head> is scanned; the rest of the stream passes through untouched.
 */
export function lowPriorityModulePreloads(): Transform {
  const held: Buffer[] = [];
  let inHead = true;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (!inHead) return callback(null, chunk);
      held.push(chunk);
      const all = Buffer.concat(held);
      const end = all.indexOf(HEAD_END);
      if (end < 0) return callback();
      inHead = false;
      held.length = 0;
      const head = all
        .subarray(0, end)
        .toString("utf8")
        .replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');
      callback(null, Buffer.concat([Buffer.from(head), all.subarray(end)]));
    },
    flush(callback) {
      callback(null, held.length ? Buffer.concat(held) : undefined);
    },
  });
}

/** Unexpected loader/action/render errors: logged once with the request id; the visitor sees a generic message. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  // The context is missing when the request failed before our Express layer could build it.
  const requestId = context?.get(requestInfoContext).requestId;
  logger.error({ err: error, requestId, url: request.url }, "unhandled request error");
};
