import { Transform } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, type HandleErrorFunction, type RouterContextProvider, ServerRouter } from "react-router";
import { databaseAvailable } from "../server/db/availability";
import { noteUncaughtOverload, sawOverload } from "../server/http/route-errors";
import { unavailableResponse } from "../server/http/unavailable";
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
  // A failure caused by the database being down (or too busy for this request) is not the page's error
  // state but "back soon" (503).
  // Under overload the plain page also spares the render (app/root.tsx's boundary would say the same).
  if (responseStatusCode >= 500 && (!databaseAvailable() || sawOverload(loadContext))) return unavailableResponse();
  if (request.method.toUpperCase() === "HEAD") return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  const { nonce, requestId, markDegraded } = loadContext.get(requestInfoContext);

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
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          const body = deferModulePreloads(nonce);
          // React has written everything: the abort timer has nothing left to guard.
          body.once("finish", () => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
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

const HEAD_END = Buffer.from("</head>");
const BODY_END = Buffer.from("</body>");
const MODULEPRELOAD = Buffer.from('<link rel="modulepreload"');
const TAG_END = 0x3e; // ">", never part of a multi-byte UTF-8 character

/**
 * The head's bytes without its `<link rel="modulepreload" …>` tags, and their hrefs. Searched in the bytes:
 * the head holds the inline stylesheet (~58 KB), which decoding and a regular expression would scan twice.
 */
function withoutModulePreloads(head: Buffer): { parts: Buffer[]; hrefs: string[] } {
  const parts: Buffer[] = [];
  const hrefs: string[] = [];
  let from = 0;
  for (let at = head.indexOf(MODULEPRELOAD); at >= 0; at = head.indexOf(MODULEPRELOAD, from)) {
    const close = head.indexOf(TAG_END, at);
    if (close < 0) break;
    const href = /\bhref="([^"]+)"/.exec(head.subarray(at, close + 1).toString("utf8"))?.[1];
    if (href) hrefs.push(href);
    parts.push(head.subarray(from, at));
    from = close + 1;
  }
  parts.push(head.subarray(from));
  return { parts, hrefs };
}

/**
 * The page is complete without JavaScript (server-rendered), so the hydration scripts wait for the content:
 * React Router's `<link rel=modulepreload>` tags (hoisted into <head>, where the browser would fetch ~130 KB of
 * scripts alongside the HTML, the LCP image and the first paint) are taken out of <head>, and a small inline
 * script at the end of <body> adds them back, so every module is still fetched in parallel (no import
 * waterfall) once the document is parsed. Measured with Lighthouse: see docs/benchmarks.md.
 *
 * It also gathers what React writes in one event-loop turn (4 KB views, the inline stylesheet, the route data's
 * scripts) into one chunk: each chunk costs its own trip through the Web stream React Router's response reads,
 * Express and the compressor (a zlib job of its own), so a page sent in one piece instead of 15–20 saves that
 * per-chunk work, and what streams later (a Suspense boundary, deferred data) still goes out in its own turn.
 */
export function deferModulePreloads(nonce: string): Transform {
  let phase: "head" | "body" | "done" = "head";
  // Head phase: every chunk so far (the head is rewritten once, when "</head>" has arrived). Body phase:
  // the last few bytes, in case "</body>" is split across chunks. Each byte is copied a bounded number
  // of times, so the cost stays linear in the page size.
  let held: Buffer[] = [];
  let tail = Buffer.alloc(0);
  let hrefs: string[] = [];
  const loader = () => {
    if (!hrefs.length) return Buffer.alloc(0);
    const list = JSON.stringify(hrefs).replaceAll("<", "\\u003c");
    return Buffer.from(
      `<script nonce="${nonce}">requestAnimationFrame(()=>setTimeout(()=>{for(const h of ${list}){const l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.appendChild(l)}}))</script>`,
    );
  };
  /** Body phase: passes `data` on, inserting the loader before "</body>", holding back a possible split. */
  const body = (data: Buffer): Buffer => {
    const end = data.indexOf(BODY_END);
    if (end >= 0) {
      phase = "done";
      held = [];
      return Buffer.concat([data.subarray(0, end), loader(), data.subarray(end)]);
    }
    const keep = Math.min(data.length, BODY_END.length - 1);
    held = [data.subarray(data.length - keep)];
    return data.subarray(0, data.length - keep);
  };
  // What is ready to go on, sent as one chunk at the end of the event-loop turn (see coalesced below).
  let ready: Buffer[] = [];
  let scheduled = false;
  const send = (stream: Transform, data: Buffer) => {
    if (data.length) ready.push(data);
    if (scheduled || !ready.length) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      if (ready.length && !stream.destroyed) stream.push(coalesced());
    });
  };
  const coalesced = () => {
    const out = ready.length === 1 ? ready[0]! : Buffer.concat(ready);
    ready = [];
    return out;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (phase === "done") send(this, chunk);
      else if (phase === "body") send(this, body(Buffer.concat([...held, chunk])));
      else {
        held.push(chunk);
        const seen = Buffer.concat([tail, chunk]);
        if (seen.indexOf(HEAD_END) < 0) {
          tail = seen.subarray(Math.max(0, seen.length - (HEAD_END.length - 1)));
          return callback();
        }
        const all = Buffer.concat(held);
        const end = all.indexOf(HEAD_END);
        const head = withoutModulePreloads(all.subarray(0, end));
        hrefs = head.hrefs;
        phase = "body";
        held = [];
        send(this, Buffer.concat([...head.parts, body(all.subarray(end))]));
      }
      callback();
    },
    flush(callback) {
      const rest = Buffer.concat(held);
      ready.push(phase === "body" ? Buffer.concat([rest, loader()]) : rest);
      callback(null, coalesced());
    },
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
