// When a page's scripts start: after its largest image has been painted (ADR 0045). The page is complete without
// them (server-rendered), and on a slow line every byte they fetch before that image is bandwidth the image lacks.
//
// Measured with Lighthouse mobile (docs/benchmarks.md "Issue 35: hydration after the LCP image"): React Router's
// module script and the texts' preloads fetched ~200 KB next to the LCP image; Lighthouse's simulation counts
// every request that ended before the image was painted, so the video page's LCP was 1.22 s and a page whose
// scripts ran before its image painted could reach 2 s.

/** React Router's module script (its `<Scripts>`), as React writes its attributes: the hydration's start. */
const MODULE_SCRIPT = Buffer.from(' type="module" async=""');
export const MODULE_SCRIPT_MARK_BYTES = MODULE_SCRIPT.length;
const HELD_SCRIPT_ID = "hydration-held";
/**
 * The same script, which the browser keeps and does not run (an unknown type) until the loader gives it its type
 * back and touches its children: an element the parser put in but did not run is run when its children change.
 * It runs as the element it is, so by its own nonce or hash; a copy would run with the loader's nonce whatever
 * markup carried the id, which would make an injected element with that id a way past the CSP.
 */
const HELD_SCRIPT = Buffer.from(` type="text/x-held-module" id="${HELD_SCRIPT_ID}"`);

/** The texts' preloads (app/root.tsx), which fetch as soon as <head> is parsed... */
const TEXTS_PRELOAD = Buffer.from('<link rel="preload" as="fetch"');
const HELD_REL = "x-preload-later";
/** ...held by a rel the browser ignores until the loader sets `preload` back, before any script reads them. */
const HELD_TEXTS_PRELOAD = Buffer.from(`<link rel="${HELD_REL}" as="fetch"`);

/**
 * How long the scripts wait for the image at most. A page stays usable (links and forms work without script),
 * but its player and menus wait: after 2.5 s (the edge of a "good" LCP) the image is late anyway.
 */
export const IMAGE_WAIT_CAP_MS = 2500;

/** `data` with React Router's module script held (not run) when it is whole in `data`; whether it was. */
export function holdModuleScript(data: Buffer): { data: Buffer; held: boolean } {
  const at = data.indexOf(MODULE_SCRIPT);
  if (at < 0) return { data, held: false };
  return { data: Buffer.concat([data.subarray(0, at), HELD_SCRIPT, data.subarray(at + MODULE_SCRIPT.length)]), held: true };
}

/** `head` with the texts' preloads held. */
export function holdTextsPreloads(head: Buffer): Buffer {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = head.indexOf(TEXTS_PRELOAD); at >= 0; at = head.indexOf(TEXTS_PRELOAD, from)) {
    parts.push(head.subarray(from, at), HELD_TEXTS_PRELOAD);
    from = at + TEXTS_PRELOAD.length;
  }
  if (!parts.length) return head;
  parts.push(head.subarray(from));
  return Buffer.concat(parts);
}

/**
 * The last button without a default action (`type="button"`: menus, the player's controls, Share) or video clicked
 * or pressed before React listens, which would otherwise do nothing: a tap while the scripts wait is not lost.
 * `window.takeHeldClick()` (app/lib/early-input.ts, just before hydrating) stops the recording and hands the
 * button over, to be clicked once the page has hydrated. Links and forms need nothing: they work as HTML.
 */
const TAKE_HELD_CLICK = "takeHeldClick";
const HELD_CLICK =
  `const c=e=>{q=e.target.closest?.("button[type=button],video")||q};addEventListener("click",c,!0);` +
  `window.${TAKE_HELD_CLICK}=()=>(removeEventListener("click",c,!0),q);`;

/**
 * What React Router's `<ScrollRestoration>` script does on a document load (app/root.tsx `ScrollPositions`), in two
 * steps of the loader. First, an entry that has a key (a reload, or back into an entry of an earlier visit) is
 * scrolled to the position saved for that key as the page was left. Its storage key is React Router's own, where
 * `UNSAFE_useScrollRestoration` saves the positions. An entry without a key is a new one, with nothing saved: its
 * storage is not read: a page's first read of sessionStorage took the main thread 8.7 ms before the first paint
 * (median of 12 loads; docs/benchmarks.md "Issue 35: a hash fewer, and the floor under a page's bytes").
 */
export const SCROLL_POSITIONS_KEY = "react-router-scroll-positions";
const RESTORE_SCROLL =
  `const H=history,K=H.state?.key;` +
  `if(K)try{const y=JSON.parse(sessionStorage.getItem("${SCROLL_POSITIONS_KEY}")||"{}")[K];typeof y=="number"&&scrollTo(0,y)}` +
  `catch{sessionStorage.removeItem("${SCROLL_POSITIONS_KEY}")}`;
/**
 * Second, as the scripts start: a new entry gets its key, under which the router will save its position (without one,
 * every new entry would be React Router's "default"). Before the held module script runs, so the router reads it.
 * It reads `H` (history) as `RESTORE_SCROLL` declares it at the loader's start.
 */
const KEY_ENTRY = `H.state?.key||H.replaceState({key:Math.random().toString(32).slice(2)},"");`;

/**
 * Module preloads added per task. Each one costs the main thread a resource request (about 2.4 ms on a phone, as
 * DevTools' 4× throttling has it): the video page's 27 in one task were a long task of 146 ms, its blocking time
 * (docs/benchmarks.md "Issue 35: the module preloads in short tasks"). Eight at a time stay well under 50 ms.
 */
const MODULEPRELOADS_PER_TASK = 8;

/**
 * Set on `<html>` once the LCP image is on screen, as the scripts start: the lazy stills that waited for it (`afterLcp`,
 * app/components/ui/Still.tsx, hidden until then by app/styles/site.css) are laid out and fetched. On a slow line
 * they would share the bandwidth with it (Lighthouse's simulation counts every image that ended before the LCP was
 * painted: docs/benchmarks.md "Issue 35: the LCP image alone on the line").
 */
export const LCP_SHOWN = "data-lcp-shown";

/**
 * The inline script at the end of <body>: first it restores a reloaded page's scroll position (`RESTORE_SCROLL`), then it
 * starts the scripts (`KEY_ENTRY` first) once the page's LCP image (the preloaded still,
 * app/components/ui/Still.tsx, found by its `elementtiming`, as app/styles/site.css finds it) is on screen: when Element Timing reports it painted (a paint comes later
 * than the image's `load` and decode by the raster's time, and whatever is fetched in between is on the LCP's path);
 * where there is no Element Timing, or the image is not in the viewport (no paint to report), once it is decoded; at
 * once when it fails; after `IMAGE_WAIT_CAP_MS` at most. Then it sets `LCP_SHOWN`, and after a frame adds the
 * `modulepreloads` (every module fetched in parallel, no import waterfall; a few per task), lets the texts' preloads fetch and
 * runs the held module script (allowed by its nonce, or in a cached page by its hash: server/http/page-snapshot.ts).
 */
export function hydrationLoader(nonce: string, modulepreloads: readonly string[]): Buffer {
  const list = JSON.stringify(modulepreloads).replaceAll("<", "\\u003c");
  const script =
    `(()=>{${RESTORE_SCROLL};let s=0,q;` +
    HELD_CLICK +
    `const h=${list},n=()=>{` +
    `for(const u of h.splice(0,${MODULEPRELOADS_PER_TASK})){const l=document.createElement("link");l.rel="modulepreload";l.href=u;document.head.appendChild(l)}` +
    `if(h.length)return setTimeout(n);` +
    `for(const l of document.querySelectorAll('link[rel="${HELD_REL}"]'))l.rel="preload";` +
    `const m=document.getElementById("${HELD_SCRIPT_ID}");if(m){m.type="module";m.append("")}};` +
    `const go=()=>{if(s++)return;${KEY_ENTRY}document.documentElement.setAttribute("${LCP_SHOWN}","");requestAnimationFrame(()=>setTimeout(n))};` +
    `const i=document.querySelector("img[elementtiming]");` +
    `if(i){const d=()=>i.decode().then(go,go);` +
    `if(window.PerformanceObserver?.supportedEntryTypes?.includes("element")){` +
    `new PerformanceObserver((l,o)=>{if(l.getEntries().some(x=>x.element===i)){o.disconnect();go()}}).observe({type:"element",buffered:!0});` +
    `new IntersectionObserver(([x],o)=>{o.disconnect();x.isIntersecting?i.decode().catch(go):d()}).observe(i)}else d();` +
    `setTimeout(go,${IMAGE_WAIT_CAP_MS})}else go()})()`;
  return Buffer.from(`<script nonce="${nonce}">${script}</script>`);
}
