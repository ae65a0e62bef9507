import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import { paths } from "../../core/paths";
import { CONTROL_CHARACTERS } from "../../core/readable-text";

/** Longer request targets are refused outright (the longest real URL here, a search, is far shorter). */
export const MAX_URL_LENGTH = 8 * 1024;

/** Methods the Fetch API refuses to build a Request for: React Router could only fail on them. */
const FORBIDDEN_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);

/**
 * Why a request target cannot be read, or null when it can: too long, malformed percent-encoding or
 * invalid UTF-8 (decodeURIComponent throws on both), or a control character (NUL included) once decoded.
 * Path and query are decoded separately, as the router and URLSearchParams will; `+` is a space in a query.
 */
export function unreadableUrl(url: string): string | null {
  if (url.length > MAX_URL_LENGTH) return "too long";
  const q = url.indexOf("?");
  const parts = q < 0 ? [url] : [url.slice(0, q), url.slice(q + 1).replace(/\+/g, " ")];
  for (const part of parts) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(part);
    } catch {
      return "malformed encoding";
    }
    if (CONTROL_CHARACTERS.test(decoded)) return "control character";
  }
  return null;
}

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Bad request</title></head>
<body><main><h1>Bad request</h1><p>This address contains characters we cannot read.</p><p><a href="${paths.home()}">Go to Homepage</a></p></main></body></html>
`;

/**
 * Answers 400 with a short page, before React Router sees the request, when its URL is unreadable (the URL
 * is never echoed back), and 405 for methods no route can take.
 */
export function inputBoundary(): RequestHandler {
  return (req, res, next) => {
    closeWhenBodyUnread(req, res);
    if (FORBIDDEN_METHODS.has(req.method)) {
      res.status(405).set({ Allow: "GET, HEAD, POST", "Cache-Control": "no-store" }).end();
      return;
    }
    if (unreadableUrl(req.originalUrl) === null) return next();
    res.status(400).set({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" }).send(PAGE);
  };
}

/** How much of a refused body is still read (and discarded) before its answer goes out and the connection closes. */
export const LINGER = { bytes: 8 * 1024 * 1024, ms: 2000 };

/**
 * A request body still arriving when the answer starts (a refusal that never read it: a visitor's post to
 * the console, a body over the size limit) cannot be skipped reliably on a kept-alive connection: the
 * client would send its next request on a socket that the server then closes under it (ECONNRESET). Such
 * an answer says `Connection: close`, so the client opens a new connection for the next request.
 *
 * Closing at once would still cut off a client that is sending the rest: its write fails (EPIPE) before it
 * reads the answer, and it never learns why. So the answer's end waits while the rest of the body is read and
 * thrown away, up to LINGER's bytes and time (nginx's lingering close, bounded the same way); past either, the
 * answer goes out and the connection closes as before.
 */
function closeWhenBodyUnread(req: IncomingMessage, res: ServerResponse): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse["writeHead"]>) {
    if (!req.complete && !this.headersSent) this.setHeader("Connection", "close");
    return writeHead.apply(this, args);
  } as ServerResponse["writeHead"];
  const end = res.end;
  res.end = function (this: ServerResponse, ...args: unknown[]) {
    if (req.complete || req.destroyed) return end.apply(this, args as Parameters<ServerResponse["end"]>);
    let read = 0;
    const finish = () => {
      clearTimeout(timer);
      req.off("data", count).off("end", finish).off("close", finish);
      end.apply(this, args as Parameters<ServerResponse["end"]>);
    };
    const count = (chunk: Buffer) => {
      read += chunk.length;
      if (read > LINGER.bytes) finish();
    };
    const timer = setTimeout(finish, LINGER.ms);
    // Whoever was reading the body has answered without it (React Router's request stream, for one, pauses the
    // socket while nobody reads from it): from here on the body is only counted and dropped.
    req.removeAllListeners("data");
    req.on("data", count).once("end", finish).once("close", finish);
    req.resume();
    return this;
  } as ServerResponse["end"];
}
