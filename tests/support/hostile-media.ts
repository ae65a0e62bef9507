import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import sharp from "sharp";

/**
 * Files an attacker uploads as a "video" so that ffmpeg fetches URLs or reads local files for them:
 * playlists, manifests, concat lists, stream descriptions and pictures, each stored without an extension
 * as uploads are. Every one must be refused with nothing fetched from the loopback listener and the
 * decoy file next to it never read.
 */

export interface HostileContext {
  /** A loopback HTTP server that records every request: an internal service the attacker aims at. */
  url: string;
  /** Absolute path of a real video the attacker wants read (a private upload, another site's file). */
  target: string;
}

export interface HostileFile {
  label: string;
  /** File name (uploads have none but an id; the image2 row needs its pattern in the name). */
  name?: string;
  content: (ctx: HostileContext) => string | Buffer | Promise<Buffer>;
}

const hls = (...lines: string[]) => ["#EXTM3U", "#EXT-X-VERSION:3", "#EXT-X-TARGETDURATION:2", ...lines, "#EXT-X-ENDLIST", ""].join("\n");
const segment = (uri: string) => hls("#EXTINF:2.0,", uri);
const ffconcat = (entry: string) => `ffconcat version 1.0\nfile '${entry}'\nduration 2\n`;
const dash = (baseUrl: string) =>
  `<?xml version="1.0"?>
<MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static" mediaPresentationDuration="PT2S" minBufferTime="PT1S" profiles="urn:mpeg:dash:profile:isoff-on-demand:2011">
<Period><AdaptationSet mimeType="video/mp4"><Representation id="1" bandwidth="100000" width="160" height="90" codecs="avc1.64000d">
<BaseURL>${baseUrl}</BaseURL><SegmentBase indexRange="0-1000"/></Representation></AdaptationSet></Period></MPD>
`;
// An MP4 file-type box (24 bytes) in front of the text: the file starts like an MP4 to anything that sniffs.
const FTYP = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from("ftypisom"), Buffer.from([0, 0, 2, 0]), Buffer.from("isomiso2")]);

/** The decoy's file name: relative entries in playlists resolve next to the hostile file. */
export const TARGET_NAME = "private-upload.mp4";
/** The image2 row reads its sequence's first number, not the file it names: a second decoy. */
const SEQUENCE_NAME = "frame-%03d.jpg";
const SEQUENCE_FIRST = "frame-001.jpg";

/** Copies a real clip into `dir` as the decoys; returns their paths, the first being ctx.target. */
export function placeDecoys(dir: string, clip: string): string[] {
  return [TARGET_NAME, SEQUENCE_FIRST].map((name) => {
    const file = path.join(dir, name);
    fs.copyFileSync(clip, file);
    return file;
  });
}

export const HOSTILE_FILES: readonly HostileFile[] = [
  { label: "HLS playlist with a segment on a loopback HTTP server", content: ({ url }) => segment(`${url}/segment.ts`) },
  {
    label: "HLS master playlist naming a variant on HTTP",
    content: ({ url }) => `#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=100000\n${url}/variant.m3u8\n`,
  },
  {
    label: "HLS playlist whose AES key is fetched over HTTP",
    content: ({ url, target }) => hls(`#EXT-X-KEY:METHOD=AES-128,URI="${url}/key.bin"`, "#EXTINF:2.0,", `file:${target}`),
  },
  {
    label: "HLS playlist with an init section (EXT-X-MAP) on HTTP",
    content: ({ url, target }) => hls(`#EXT-X-MAP:URI="${url}/init.mp4"`, "#EXTINF:2.0,", target),
  },
  { label: "HLS playlist with a file: URL segment", content: ({ target }) => segment(`file:${target}`) },
  { label: "HLS playlist with an absolute path segment", content: ({ target }) => segment(target) },
  { label: "HLS playlist with a segment next to the upload", content: () => segment(TARGET_NAME) },
  { label: "HLS playlist with a subfile: segment", content: ({ target }) => segment(`subfile,,start,0,end,0,,:${target}`) },
  { label: "HLS playlist with a concat: protocol segment", content: ({ target }) => segment(`concat:${target}|${target}`) },
  { label: "HLS playlist with an HTTP segment through the cache: protocol", content: ({ url }) => segment(`cache:${url}/cached.ts`) },
  {
    label: "HLS playlist behind an MP4 ftyp box",
    content: ({ target }) => Buffer.concat([FTYP, Buffer.from(`\n${segment(`file:${target}`)}`)]),
  },
  { label: "ffconcat list naming /etc/passwd", content: () => ffconcat("/etc/passwd") },
  { label: "ffconcat list naming a file by absolute path", content: ({ target }) => ffconcat(target) },
  { label: "ffconcat list naming a file next to the upload", content: () => ffconcat(TARGET_NAME) },
  { label: "ffconcat list naming a file: URL", content: ({ target }) => ffconcat(`file:${target}`) },
  { label: "ffconcat list naming a subfile: URL", content: ({ target }) => ffconcat(`subfile,,start,0,end,0,,:${target}`) },
  { label: "ffconcat list naming an HTTP URL", content: ({ url }) => ffconcat(`${url}/part.mp4`) },
  { label: "DASH manifest with an HTTP BaseURL", content: ({ url }) => dash(`${url}/dash.mp4`) },
  { label: "DASH manifest with a file: BaseURL", content: ({ target }) => dash(`file:${target}`) },
  {
    label: "SDP description of an RTP stream on loopback",
    content: () => "v=0\no=- 0 0 IN IP4 127.0.0.1\ns=x\nc=IN IP4 127.0.0.1\nt=0 0\nm=video 9 RTP/AVP 96\na=rtpmap:96 H264/90000\n",
  },
  {
    label: "image2 sequence pattern in the file name (the operator's CLI path)",
    name: SEQUENCE_NAME,
    content: () =>
      sharp({ create: { width: 64, height: 64, channels: 3, background: "#808080" } })
        .jpeg()
        .toBuffer(),
  },
  {
    label: "PNG still image",
    content: () =>
      sharp({ create: { width: 64, height: 64, channels: 3, background: "#336699" } })
        .png()
        .toBuffer(),
  },
  { label: "text file", content: () => "These are notes, not a video.\n".repeat(40) },
];

/** Writes `file`'s content into `dir` (under `fallbackName` unless the row names its own) and returns the path. */
export async function writeHostileFile(file: HostileFile, dir: string, fallbackName: string, ctx: HostileContext): Promise<string> {
  const out = path.join(dir, file.name ?? fallbackName);
  fs.writeFileSync(out, await file.content(ctx));
  return out;
}

/** A loopback HTTP server that answers 404 and remembers every request line. */
export async function startRequestRecorder(): Promise<{ url: string; requests: string[]; close(): Promise<void> }> {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Read detection for decoy files: their access time is set far before their modification time, so the
 * first read moves it (Linux's default relatime does that much). Throws when this file system does not
 * record reads at all, so the "not read" checks can never pass vacuously.
 */
export function readWatch(files: readonly string[]): { arm(): void; read(): string[] } {
  const arm = () => {
    for (const f of files) fs.utimesSync(f, 0, fs.statSync(f).mtime);
  };
  const read = () => files.filter((f) => fs.statSync(f).atimeMs !== 0);
  arm();
  fs.closeSync(fs.openSync(files[0]!, "r"));
  fs.readFileSync(files[0]!);
  if (!read().includes(files[0]!))
    throw new Error("This file system does not record file reads (noatime): the decoy checks cannot work here");
  arm();
  return { arm, read };
}
