import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in ad server on loopback for the pre-roll tests: answers the one configured VAST tag URL
 * (`/vast/tag`) as the test's current `mode` says, serves the creative, and records every tracking
 * ping. The tag is a Wrapper whose VASTAdTagURI points at an Inline, so the wrapper chain is exercised.
 */
export type VastMode =
  /** Wrapper → Inline, no skipoffset: the ad plays to the end. */
  | "ok"
  /** Wrapper → Inline with skipoffset 00:00:02. */
  | "skippable"
  /** A VAST document without any Ad (no fill), with an Error URL. */
  | "empty"
  /** HTTP 500 on the tag. */
  | "failing"
  /** The tag answers only after 6 s (past the 4 s ad time-out). */
  | "slow"
  /** Wrapper → an Inline URL that answers 500. */
  | "broken-wrapper"
  /** Inline whose only media file is of a type no browser plays. */
  | "no-playable-media"
  /** Wrapper → Inline whose MP4 answers 404. */
  | "broken-media";

export interface Ping {
  event: string;
  query: Record<string, string>;
  at: number;
}

export interface VastServer {
  origin: string;
  tagUrl: string;
  mode: VastMode;
  pings: Ping[];
  /** Requests for the creative's media file. */
  mediaRequests: number;
  events: () => string[];
  reset: (mode: VastMode) => void;
  close: () => Promise<void>;
}

export const CREATIVE_SECONDS = 6;
/**
 * The skippable creative's length: long enough that the test's steps after 'Skip Ad' (mute, click-through) find
 * the ad still playing on a loaded machine, where the 6 s one may already have ended.
 */
export const SKIPPABLE_CREATIVE_SECONDS = 20;
const GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

/** `creativeFile` lasts CREATIVE_SECONDS, `skippableFile` SKIPPABLE_CREATIVE_SECONDS. */
export async function startVastServer(creativeFile: string, skippableFile: string): Promise<VastServer> {
  const state: VastServer = {
    origin: "",
    tagUrl: "",
    mode: "ok",
    pings: [],
    mediaRequests: 0,
    events: () => state.pings.map((p) => p.event),
    reset: (mode) => {
      state.mode = mode;
      state.pings = [];
      state.mediaRequests = 0;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", state.origin);
    // The player fetches the tag cross-origin, as from any ad server.
    res.setHeader("Access-Control-Allow-Origin", "*");
    const xml = (body: string) => {
      res.writeHead(200, { "content-type": "application/xml" });
      res.end(body);
    };
    if (url.pathname.startsWith("/track/")) {
      state.pings.push({ event: url.pathname.slice("/track/".length), query: Object.fromEntries(url.searchParams), at: Date.now() });
      res.writeHead(200, { "content-type": "image/gif", "cache-control": "no-store" });
      res.end(GIF);
      return;
    }
    if (url.pathname === "/vast/tag") {
      if (state.mode === "failing") {
        res.writeHead(500);
        res.end("ad server error");
      } else if (state.mode === "slow") {
        setTimeout(() => xml(wrapper(state.origin)), 6_000);
      } else if (state.mode === "empty") {
        xml(`<VAST version="4.0"><Error><![CDATA[${state.origin}/track/error?code=[ERRORCODE]]]></Error></VAST>`);
      } else if (state.mode === "no-playable-media") {
        xml(inline(state.origin, { playable: false }));
      } else {
        xml(wrapper(state.origin));
      }
      return;
    }
    if (url.pathname === "/vast/inline") {
      if (state.mode === "broken-wrapper") {
        res.writeHead(500);
        res.end();
      } else {
        const skippable = state.mode === "skippable";
        const mediaPath = state.mode === "broken-media" ? "/missing.mp4" : skippable ? "/skippable.mp4" : "/creative.mp4";
        xml(inline(state.origin, { skipOffset: skippable ? "00:00:02" : undefined, playable: true, mediaPath }));
      }
      return;
    }
    if (url.pathname === "/creative.mp4" || url.pathname === "/skippable.mp4") {
      state.mediaRequests++;
      serveFile(req, res, url.pathname === "/creative.mp4" ? creativeFile : skippableFile);
      return;
    }
    if (url.pathname === "/landing") {
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<!doctype html><title>Advertiser</title><h1>Advertiser landing page</h1>");
      return;
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.tagUrl = `${state.origin}/vast/tag`;
  return state;
}

const track = (origin: string, event: string) => `<Tracking event="${event}"><![CDATA[${origin}/track/${event}]]></Tracking>`;

function wrapper(origin: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<VAST version="4.0">
  <Ad id="wrapper-1">
    <Wrapper>
      <AdSystem>Loopback Wrapper</AdSystem>
      <VASTAdTagURI><![CDATA[${origin}/vast/inline]]></VASTAdTagURI>
      <Error><![CDATA[${origin}/track/wrapper-error?code=[ERRORCODE]]]></Error>
      <Impression><![CDATA[${origin}/track/wrapper-impression]]></Impression>
      <Creatives>
        <Creative>
          <Linear>
            <TrackingEvents><Tracking event="start"><![CDATA[${origin}/track/wrapper-start]]></Tracking></TrackingEvents>
          </Linear>
        </Creative>
      </Creatives>
    </Wrapper>
  </Ad>
</VAST>`;
}

function inline(origin: string, opts: { skipOffset?: string; playable: boolean; mediaPath?: string }): string {
  const seconds = opts.mediaPath === "/skippable.mp4" ? SKIPPABLE_CREATIVE_SECONDS : CREATIVE_SECONDS;
  const events = ["start", "firstQuartile", "midpoint", "thirdQuartile", "complete", "skip", "mute", "unmute", "pause", "resume"];
  const media = opts.playable
    ? `<MediaFile delivery="progressive" type="video/x-unplayable" width="1920" height="1080" bitrate="9000"><![CDATA[${origin}/nothing.bin]]></MediaFile>
            <MediaFile delivery="progressive" type="video/mp4" width="640" height="360" bitrate="600"><![CDATA[${origin}${opts.mediaPath ?? "/creative.mp4"}]]></MediaFile>`
    : `<MediaFile delivery="progressive" type="video/x-unplayable" width="640" height="360"><![CDATA[${origin}/nothing.bin]]></MediaFile>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<VAST version="4.0">
  <Ad id="inline-1">
    <InLine>
      <AdSystem>Loopback Ads</AdSystem>
      <AdTitle>Test creative</AdTitle>
      <Error><![CDATA[${origin}/track/error?code=[ERRORCODE]]]></Error>
      <Impression><![CDATA[${origin}/track/impression]]></Impression>
      <Creatives>
        <Creative id="c1">
          <Linear${opts.skipOffset ? ` skipoffset="${opts.skipOffset}"` : ""}>
            <Duration>00:00:${String(seconds).padStart(2, "0")}</Duration>
            <TrackingEvents>${events.map((e) => track(origin, e)).join("")}</TrackingEvents>
            <VideoClicks>
              <ClickThrough><![CDATA[${origin}/landing]]></ClickThrough>
              <ClickTracking><![CDATA[${origin}/track/clickthrough]]></ClickTracking>
            </VideoClicks>
            <MediaFiles>
            ${media}
            </MediaFiles>
          </Linear>
        </Creative>
      </Creatives>
    </InLine>
  </Ad>
</VAST>`;
}

/** A static file with Range support (media elements ask for byte ranges). */
function serveFile(req: http.IncomingMessage, res: http.ServerResponse, file: string): void {
  const size = fs.statSync(file).size;
  const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? "");
  if (!range) {
    res.writeHead(200, { "content-type": "video/mp4", "content-length": size, "accept-ranges": "bytes" });
    fs.createReadStream(file).pipe(res);
    return;
  }
  const start = range[1] ? Number(range[1]) : 0;
  const end = range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
  res.writeHead(206, {
    "content-type": "video/mp4",
    "content-length": end - start + 1,
    "content-range": `bytes ${start}-${end}/${size}`,
    "accept-ranges": "bytes",
  });
  fs.createReadStream(file, { start, end }).pipe(res);
}
