// React's destination for a page (app/entry.server.tsx): the scripts started after the LCP image, the inline
// stylesheet cut to the page, React Router's route manifest compact, one chunk per pass of React's.
import { holdModuleScript, holdTextsPreloads, hydrationLoader, MODULE_SCRIPT_MARK_BYTES } from "./hydration-start.server";
import { markupUses, type StyleSubset } from "./style-subset.server";

const HEAD_END = Buffer.from("</head>");
const BODY_END = Buffer.from("</body>");
const MODULEPRELOAD = Buffer.from('<link rel="modulepreload"');
const STYLE_OPEN = Buffer.from('<style data-app-css="">'); // app/lib/app-styles.tsx
const STYLE_CLOSE = Buffer.from("</style>");
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
 * scripts alongside the HTML, the LCP image and the first paint) are taken out of <head>, its module script and
 * the texts' preloads are held, and a small inline script at the end of <body> starts them all once the LCP
 * image has been painted (app/lib/hydration-start.server.ts). Measured with Lighthouse: see docs/benchmarks.md.
 *
 * It is also React's destination, in place of a Node stream: React writes 4 KB views and calls `flush()` when
 * one pass of its work has been written, so the sink hands on one chunk per pass (`onChunk`) and nothing per
 * view. A page whose data is all there (every page but one with deferred data) is one pass: React has written
 * all of it and called `end()` by the time `pipe` returns, and the response is that one chunk. What streams
 * later (a Suspense boundary, deferred data) goes out a pass at a time. Each chunk used to cost a trip through
 * a Transform, a Readable, the Web stream made from it and a zlib job of its own (docs/benchmarks.md).
 */
export class DeferredPreloadsSink {
  /** Set by the reader: each pass's bytes, then `onEnd` once React has ended. Until then chunks wait in `pending`. */
  onChunk: ((chunk: Buffer) => void) | null = null;
  onEnd: (() => void) | null = null;
  ended = false;
  readonly pending: Buffer[] = [];
  private phase: "head" | "body" | "done" = "head";
  // Head phase: every byte so far (the head is rewritten once, when "</head>" has arrived). Body phase: the
  // last few bytes, in case "</body>" is split across passes. Each byte is copied a bounded number of
  // times, so the cost stays linear in the page size.
  private held: Uint8Array[] = [];
  private hrefs: string[] = [];
  /** Whether React Router's module script was held, so the loader must run it. */
  private heldModule = false;
  private closeHandlers: (() => void)[] = [];

  constructor(
    private readonly nonce: string,
    /** Cuts the inline stylesheet to the page; none in development (the sheet is linked). */
    private readonly styles?: StyleSubset,
    /** The classes of what script shows later, kept too (app/lib/later-styles.ts). */
    private readonly shownLater: ReadonlySet<string> = NONE,
  ) {}

  // What React's pipe() uses of a Node Writable.
  write(chunk: Uint8Array | string): boolean {
    this.held.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
    return true;
  }
  flush(): void {
    this.emit(this.take(false));
  }
  end(): void {
    if (this.ended) return;
    const out = this.take(true);
    this.ended = true;
    this.emit(out);
    this.onEnd?.();
  }
  on(event: string, handler: () => void): this {
    if (event === "close") this.closeHandlers.push(handler);
    return this; // "drain" never comes: write() never refuses; "error" never happens
  }
  /** The reader has gone (the visitor left): React stops rendering, as when a Node destination closes. */
  close(): void {
    for (const handler of this.closeHandlers.splice(0)) handler();
  }

  /** All the bytes so far, when React ended in one pass (the usual page): the whole response. */
  whole(): Buffer {
    return this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending);
  }

  private emit(parts: Buffer[]): void {
    if (!parts.some((part) => part.length)) return;
    const chunk = concat(parts);
    if (this.onChunk) this.onChunk(chunk);
    else this.pending.push(chunk);
  }

  /**
   * The held bytes that can go on now (all of them at the end), rewritten: slices of one copy of them, which
   * `emit` joins with the second and last copy.
   */
  private take(last: boolean): Buffer[] {
    if (!this.held.length && !last) return [];
    const data = concat(this.held);
    this.held = [];
    if (this.phase === "done") return [data];
    if (this.phase === "head") {
      const end = data.indexOf(HEAD_END);
      if (end < 0) {
        if (!last) this.held = [data];
        return last ? [data] : [];
      }
      const head = withoutModulePreloads(holdTextsPreloads(this.withPageStyles(data.subarray(0, end), data.subarray(end))));
      this.hrefs = head.hrefs;
      this.phase = "body";
      return [...head.parts, ...this.body(data.subarray(end), last)];
    }
    return this.body(data, last);
  }

  /**
   * Body phase: `data` with the module script held and the loader inserted before "</body>" (or appended at the
   * end), holding back a possible split of either.
   */
  private body(bytes: Buffer, last: boolean): Buffer[] {
    const { data, held } = holdModuleScript(withCompactManifest(bytes));
    this.heldModule ||= held;
    const end = data.indexOf(BODY_END);
    if (end >= 0) {
      this.phase = "done";
      return [data.subarray(0, end), this.loader(), data.subarray(end)];
    }
    if (last) return [data, this.loader()];
    const keep = Math.min(data.length, SPLIT_MARGIN);
    this.held = [data.subarray(data.length - keep)];
    return [data.subarray(0, data.length - keep)];
  }

  /**
   * The head with its inline stylesheet cut to the markup at hand (`head` and `body`). React writes
   * nothing before the shell is complete, and the pass that holds </head> holds the whole shell: every element
   * but those of a Suspense boundary that streams later (React Router's data; no public page suspends on markup).
   * Such content is styled once the whole sheet, which app/lib/app-styles.tsx links after hydration, has arrived.
   */
  private withPageStyles(head: Buffer, body: Buffer): Buffer {
    const open = this.styles ? head.indexOf(STYLE_OPEN) : -1;
    const close = open < 0 ? -1 : head.indexOf(STYLE_CLOSE, open);
    if (!this.styles || close < 0) return head;
    // Class names are ASCII: latin1 decodes the bytes without UTF-8's work.
    const markup = markupUses(head.toString("latin1", 0, open) + body.toString("latin1"), this.shownLater);
    return Buffer.concat([head.subarray(0, open + STYLE_OPEN.length), this.styles.bytesForPage(markup), head.subarray(close)]);
  }

  private loader(): Buffer {
    return this.hrefs.length || this.heldModule ? hydrationLoader(this.nonce, this.hrefs) : EMPTY;
  }
}

// React Router's module script writes the routes the page may need as `JSON.stringify(…, null, 2)`, followed by
// the route modules' assignment (react-router's Scripts component): the boundaries of that JSON.
const MANIFEST_START = Buffer.from("window.__reactRouterManifest = ");
const MANIFEST_END = Buffer.from(";\n  window.__reactRouterRouteModules");

/**
 * `data` with React Router's route manifest written without its indentation: 0.6-1 KB of spaces and line breaks in
 * every page, 87-129 B of its brotli (docs/benchmarks.md). Unchanged when the script is not whole in `data` (split
 * between two passes of a streamed page) or not there at all.
 */
function withCompactManifest(data: Buffer): Buffer {
  const at = data.indexOf(MANIFEST_START);
  if (at < 0) return data;
  const from = at + MANIFEST_START.length;
  const to = data.indexOf(MANIFEST_END, from);
  if (to < 0) return data;
  let compact: string;
  try {
    compact = JSON.stringify(JSON.parse(data.toString("utf8", from, to)));
  } catch {
    return data; // not the JSON React Router writes: left as it came rather than fail the page
  }
  return Buffer.concat([data.subarray(0, from), Buffer.from(compact), data.subarray(to)]);
}

/** The bytes a pass's end holds back: the most of "</body>" or of the module script's mark it can have cut. */
const SPLIT_MARGIN = Math.max(BODY_END.length, MODULE_SCRIPT_MARK_BYTES) - 1;
const EMPTY = Buffer.alloc(0);
const NONE: ReadonlySet<string> = new Set();

/** One buffer of `parts` (no copy when there is one). */
function concat(parts: Uint8Array[]): Buffer {
  if (parts.length === 1) return Buffer.from(parts[0]!.buffer, parts[0]!.byteOffset, parts[0]!.byteLength);
  return Buffer.concat(parts);
}

/**
 * The response body: a stream of the passes (one chunk when React has already ended). A stream of our own, not
 * `new Response(bytes)`: undici copies the bytes and serves them from a byte stream, ten times the CPU of
 * one enqueued chunk (measured: 170–215 µs against 17 µs for a 100 KB page).
 */
export function pageBody(sink: DeferredPreloadsSink): ReadableStream<Uint8Array> {
  let cancelled = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      if (sink.ended) {
        if (sink.pending.length) controller.enqueue(sink.whole());
        controller.close();
        return;
      }
      for (const chunk of sink.pending.splice(0)) controller.enqueue(chunk);
      // What React still writes after the reader has gone (it ends its work on the close handlers) goes nowhere.
      sink.onChunk = (chunk) => {
        if (!cancelled) controller.enqueue(chunk);
      };
      sink.onEnd = () => {
        if (!cancelled) controller.close();
      };
    },
    cancel() {
      cancelled = true;
      sink.close();
    },
  });
}
