import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { hydrationLoader } from "./hydration-start.server";
import { DeferredPreloadsSink, pageBody } from "./page-sink.server";
import { StyleSubset } from "./style-subset.server";

/** React's side of the sink: each pass writes its views, then flush(); the last pass ends. */
const render = (passes: Buffer[][]) => {
  const sink = new DeferredPreloadsSink("n0nce");
  const out: Buffer[] = [];
  sink.onChunk = (chunk) => out.push(chunk);
  passes.forEach((views, i) => {
    for (const view of views) sink.write(view);
    sink.flush();
    if (i === passes.length - 1) sink.end();
  });
  return { sink, out, html: Buffer.concat(out).toString("utf8") };
};
const through = (parts: Buffer[]) => render([parts]).html;
const chunked = (s: string, size: number) => {
  const bytes = Buffer.from(s);
  const parts: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) parts.push(bytes.subarray(i, i + size));
  return parts;
};

describe("DeferredPreloadsSink", () => {
  const head =
    '<html><head><meta charSet="utf-8"/><link rel="modulepreload" href="/assets/a.js" nonce="n0nce"/><link rel="modulepreload" href="/assets/b.js" nonce="n0nce"/></head>';
  const body = '<body><p>Grüße</p><script nonce="n0nce" type="module" async="">import "/assets/a.js";</script></body></html>';
  const heldBody = body.replace(' type="module" async=""', ' type="text/x-held-module" id="hydration-held"');
  const loader = hydrationLoader("n0nce", ["/assets/a.js", "/assets/b.js"]).toString();

  it("moves the modulepreloads out of <head> and holds the module script, for one nonce'd loader at the end of <body>", () => {
    expect(through([Buffer.from(head + body)])).toBe(
      `<html><head><meta charSet="utf-8"/></head>${heldBody.replace("</body>", `${loader}</body>`)}`,
    );
  });

  it("holds the texts' preloads, and starts a held module script even on a page without modulepreloads", () => {
    const texts = '<link rel="preload" as="fetch" crossorigin="anonymous" href="/assets/texts/v/en/common.json" data-texts="common"/>';
    const page = `<html><head>${texts}</head>${body}`;
    expect(through(chunked(page, 5))).toBe(
      `<html><head>${texts.replace('rel="preload"', 'rel="x-preload-later"')}</head>${heldBody.replace(
        "</body>",
        `${hydrationLoader("n0nce", []).toString()}</body>`,
      )}`,
    );
  });

  it("writes React Router's route manifest without its indentation, and leaves one split between passes as it came", () => {
    const manifest = { entry: { module: "/assets/entry.js", imports: ["/assets/a.js"] }, routes: { root: { id: "root", path: "" } } };
    const script = (json: string) =>
      `<script type="text/x-held-module" id="hydration-held">;\nimport * as route0 from "/assets/root.js";\n  window.__reactRouterManifest = ${json};\n  window.__reactRouterRouteModules = {"root":route0};\n\nimport("/assets/entry.js");</script>`;
    const page = (json: string) => `<html><head></head><body><p>x</p>${script(json)}</body></html>`;
    const pretty = JSON.stringify(manifest, null, 2);
    expect(through([Buffer.from(page(pretty))])).toBe(page(JSON.stringify(manifest)));
    // A streamed page whose script arrives in two passes keeps the indentation; nothing else changes.
    const whole = page(pretty);
    const cut = whole.indexOf('"routes"');
    expect(render([[Buffer.from(whole.slice(0, cut))], [Buffer.from(whole.slice(cut))]]).html).toBe(whole);
  });

  it("gives the same result whatever the view and pass boundaries, including inside </head>, </body> and multi-byte characters", () => {
    const expected = through([Buffer.from(head + body)]);
    for (const size of [1, 2, 3, 7, 50]) {
      expect(through(chunked(head + body, size))).toBe(expected);
      expect(render(chunked(head + body, size).map((view) => [view])).html).toBe(expected);
    }
  });

  it("appends the script when React ends without </body>, and changes nothing without </head>", () => {
    expect(through([Buffer.from(`${head}<body><p>cut`)])).toBe(`<html><head><meta charSet="utf-8"/></head><body><p>cut${loader}`);
    expect(through([Buffer.from("<p>partial"), Buffer.from(" page</p>")])).toBe("<p>partial page</p>");
  });

  it("hands on one chunk per pass of React's, and none before </head> has arrived", () => {
    const { out, html } = render([
      chunked(head.slice(0, 40), 5),
      chunked(head.slice(40) + body.replace("</body></html>", ""), 5),
      [Buffer.from("</body></html>")],
    ]);
    expect(out.length).toBe(2);
    expect(html).toBe(through([Buffer.from(head + body)]));
  });

  it("adds nothing when the page has no modulepreloads, and takes React's strings too", () => {
    const plain = "<html><head></head><body><p>x</p></body></html>";
    expect(through(chunked(plain, 4))).toBe(plain);
    const sink = new DeferredPreloadsSink("n0nce");
    sink.write(plain);
    sink.end();
    expect(sink.whole().toString()).toBe(plain);
  });

  it("is the whole page in one chunk when React ended in its first pass, else a stream of the passes", async () => {
    const whole = new DeferredPreloadsSink("n0nce");
    for (const view of chunked(head + body, 100)) whole.write(view);
    whole.flush();
    whole.end();
    const chunks: Uint8Array[] = [];
    for await (const chunk of pageBody(whole)) chunks.push(chunk);
    expect(chunks.length).toBe(1);
    expect(Buffer.from(chunks[0]!).toString()).toBe(through([Buffer.from(head + body)]));

    const streaming = new DeferredPreloadsSink("n0nce");
    streaming.write(Buffer.from(head + body.slice(0, 20)));
    streaming.flush();
    const stream = pageBody(streaming);
    streaming.write(Buffer.from(body.slice(20)));
    streaming.flush();
    streaming.end();
    expect(await text(stream)).toBe(through([Buffer.from(head + body)]));
  });

  it("tells React when the reader has gone, as a closed Node destination does", async () => {
    const sink = new DeferredPreloadsSink("n0nce");
    let closed = 0;
    sink.on("close", () => closed++);
    sink.on("drain", () => closed--);
    sink.write(Buffer.from(head));
    sink.flush();
    const stream = pageBody(sink);
    await stream.cancel();
    expect(closed).toBe(1);
    // React's last writes after the cancel (as an aborted render makes them) are dropped, not thrown.
    sink.write(Buffer.from(body));
    sink.flush();
    sink.end();
  });

  describe("the inline stylesheet", () => {
    const sheet =
      ".a{color:red}.b:hover{color:blue}.c .d{margin:0}html{line-height:1.5}@media (min-width:40rem){.e{display:flex}.a{color:green}}";
    const styles = new StyleSubset(sheet);
    const page = `<html><head><style data-app-css="">${sheet}</style><link rel="modulepreload" href="/assets/a.js" nonce="n0nce"/></head><body><p class="a b">x</p><p class="d">y</p></body></html>`;
    const cutSheet =
      '<style data-app-css="">.a{color:red}.b:hover{color:blue}html{line-height:1.5}@media (min-width:40rem){.a{color:green}}</style>';
    const written = (passes: string[], shownLater?: ReadonlySet<string>) => {
      const sink = new DeferredPreloadsSink("n0nce", styles, shownLater);
      const out: Buffer[] = [];
      sink.onChunk = (chunk) => out.push(chunk);
      for (const pass of passes) {
        sink.write(pass);
        sink.flush();
      }
      sink.end();
      return Buffer.concat(out).toString();
    };

    it("is cut to the classes of a page written in one pass; the modulepreloads move as ever", () => {
      const html = written([page]);
      expect(html).toContain(cutSheet);
      expect(html).toContain(`${hydrationLoader("n0nce", ["/assets/a.js"])}</body>`);
    });

    it("keeps the rules of the classes declared for what script shows later, which the markup lacks", () => {
      // `.c .d` needs both: the menu's `c` declared, its `d` in the markup; `.e` shows later inside the media rule.
      expect(written([page], new Set(["c", "e"]))).toContain(
        '<style data-app-css="">.a{color:red}.b:hover{color:blue}.c .d{margin:0}html{line-height:1.5}@media (min-width:40rem){.e{display:flex}.a{color:green}}</style>',
      );
    });

    it("is cut in a browser's shell pass too, to the shell's classes: what streams later waits for the whole sheet", () => {
      // React's shell pass: the markup, a suspended boundary's placeholder, and no </body> until the boundary is done.
      const shell = page.replace("</body></html>", '<!--$?--><template id="B:0"></template><!--/$-->');
      expect(written([shell, '<div hidden id="S:0"><p class="e">late</p></div></body></html>'])).toContain(cutSheet);
    });

    it("stays whole when there is no inline stylesheet to cut (development links it)", () => {
      const linked = page.replace(/<style[^>]*>.*<\/style>/, '<link rel="stylesheet" href="/app/app.css"/>');
      const html = written([linked]);
      expect(html).toContain('<link rel="stylesheet" href="/app/app.css"/>');
    });
  });
});
