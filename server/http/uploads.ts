import type { IncomingMessage } from "node:http";
import { Server } from "@tus/server";
import type { Request as ExpressRequest, RequestHandler, Response } from "express";
import { paths } from "../../core/paths";
import { refuseVideoFile } from "../../core/video-schema";
import { env } from "../env";
import { logger } from "../logger";
import { DISK_RESERVE_BYTES, freeBytes, isDiskFullError, megabytes } from "../media/disk-space";
import { uploadStore, uploadsDir } from "../media/uploads";
import { publicOrigin } from "../site-url";
import { sessionViewer } from "./session";

/**
 * Resumable video uploads for the console (tus 1.0, docs/decisions/0012-tus-uploads.md): POST creates an
 * upload, PATCH appends bytes at the offset HEAD reports, DELETE abandons it. Admins only: everyone else
 * gets a bare 404 for every method, as for the rest of the console. The finished file goes to the ingest
 * pipeline through the console's form (app/routes/admin/videos-new.tsx), which names the upload by id.
 */

const UPLOADS_PATH = paths.admin.uploads();
/** The endpoint itself, or one upload under it (a 32-hex id). */
const UPLOAD_URL = new RegExp(`^${UPLOADS_PATH}(?:/([0-9a-f]{32}))?/?$`);
const TUS_METHODS = new Set(["POST", "HEAD", "PATCH", "DELETE", "OPTIONS"]);
const EXPIRED_SWEEP_INTERVAL_MS = 60 * 60 * 1000;
const MAX_FILENAME_CHARS = 255;
const DISK_TOO_FULL = (size: number) =>
  `The server's disk is too full to take this upload (${megabytes(size)}). Nothing of it was stored: ask an administrator to free space, then try again.`;
const DISK_FILLED_UP =
  "The server's disk filled up during the upload. The part received so far is kept: once an administrator has freed space, the upload resumes where it stopped.";

type TusRefusal = { status_code: number; body: string };
const refusal = (status_code: number, body: string): TusRefusal => ({ status_code, body: `${body}\n` });

export function videoUploads(): RequestHandler {
  let lastSweep = 0;
  const server = new Server({
    path: UPLOADS_PATH,
    datastore: uploadStore(),
    maxSize: () => env().MAX_UPLOAD_BYTES,
    relativeLocation: true,
    // Same origin only: no CORS headers at all.
    allowedOrigins: () => false,
    onUploadCreate: async (_req, upload) => {
      if (upload.size === undefined) throw refusal(400, "Upload-Length is required.");
      const name = upload.metadata?.filename ?? "";
      // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
      if (!name || name.length > MAX_FILENAME_CHARS || /[\u0000-\u001f\u007f/\\]/.test(name)) {
        throw refusal(400, "The upload needs a plain file name (metadata filename).");
      }
      const refused = refuseVideoFile(name, upload.metadata?.filetype ?? "", upload.size, env().MAX_UPLOAD_BYTES);
      if (refused) throw refusal(refused.startsWith("Only video") ? 415 : refused.includes("limit") ? 413 : 400, refused);
      // A full disk refuses the upload before its first byte rather than part-way (disk-space.ts).
      const free = await freeBytes(uploadsDir());
      if (free < upload.size + DISK_RESERVE_BYTES) {
        logger.warn({ free, size: upload.size }, "upload refused: DATA_DIR's disk is too full");
        throw refusal(507, DISK_TOO_FULL(upload.size));
      }
      // Abandoned uploads go after a day; looked for now and then, when a new one starts.
      if (Date.now() - lastSweep > EXPIRED_SWEEP_INTERVAL_MS) {
        lastSweep = Date.now();
        uploadStore()
          .deleteExpired()
          .catch((err: unknown) => logger.warn({ err }, "removing expired uploads failed"));
      }
      return { metadata: upload.metadata };
    },
    onResponseError: (_req, err) => {
      // Only tus's own answers (status and text) reach the client; anything else is logged and a plain 500.
      if ("status_code" in err && (err.status_code < 500 || err.status_code === 507)) return undefined;
      // The disk filled up during this chunk: what was written stays, at the offset HEAD reports.
      if (isDiskFullError(err)) {
        logger.warn({ err }, "upload stopped: DATA_DIR's disk is full");
        return { status_code: 507, body: `${DISK_FILLED_UP}\n` };
      }
      // An extension this store lacks (tus says 501): the request asked for something refused, not a fault.
      if ("status_code" in err && err.status_code === 501) return { status_code: 400, body: err.body };
      logger.error({ err }, "upload failed");
      return { status_code: 500, body: "The upload failed on the server.\n" };
    },
  });

  return async (req, res, next) => {
    if (req.path !== UPLOADS_PATH && !req.path.startsWith(`${UPLOADS_PATH}/`)) return next();
    const match = UPLOAD_URL.exec(req.path);
    const admin = await isAdmin(req, res).catch((err: unknown) => {
      logger.warn({ err }, "session lookup for an upload failed");
      return false;
    });
    if (!admin || !match) return notFound(req, res);
    if (!TUS_METHODS.has(req.method)) {
      res.status(405).set({ Allow: "POST, HEAD, PATCH, DELETE, OPTIONS", "Cache-Control": "no-store" }).end();
      return;
    }
    // Creating at an upload's address, or touching the collection with anything but POST, names nothing.
    if (match[1] ? req.method === "POST" : req.method !== "POST" && req.method !== "OPTIONS") return notFound(req, res);
    if (req.headers["upload-concat"] !== undefined) return refuse(res, 400, "Upload concatenation is not supported.");
    // Creation with a first chunk larger than the whole upload: refused before an upload is made for it.
    if (
      req.method === "POST" &&
      Number(req.headers["content-length"] ?? 0) > Number(req.headers["upload-length"] ?? Number.POSITIVE_INFINITY)
    ) {
      return refuse(res, 413, "The request body is larger than Upload-Length.");
    }
    if (crossOrigin(req)) return refuse(res, 403, "Cross-origin upload refused.");
    res.setHeader("Cache-Control", "no-store");
    await server.handle(req, res);
  };
}

/** A refusal decided before tus sees the request: a short plain-text reason. */
function refuse(res: Response, status: number, text: string): void {
  res.status(status).set({ "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8" }).send(`${text}\n`);
}

/** The console's 404: the endpoint's existence is not advertised. A small unread body is dropped first. */
async function notFound(req: IncomingMessage, res: Response): Promise<void> {
  const length = Number(req.headers["content-length"] ?? 0);
  if (length > 0 && length <= 64 * 1024) {
    for await (const _ of req) {
      // drained
    }
  }
  res.status(404).set({ "Cache-Control": "private, no-store", "Content-Type": "text/plain; charset=utf-8" }).send("Not found\n");
}

/** Browsers send Origin with every upload request; one naming another site is refused. */
function crossOrigin(req: ExpressRequest): boolean {
  const origin = req.get("origin");
  return origin !== undefined && origin !== `${req.protocol}://${req.get("host")}`;
}

/** The session behind the request's cookie, looked up as the console's pages do (a role change applies at once). */
async function isAdmin(req: ExpressRequest, res: Response): Promise<boolean> {
  const cookie = req.get("cookie");
  if (!cookie) return false;
  const origin = publicOrigin(`${req.protocol}://${req.get("host") ?? "localhost"}`);
  const viewer = await sessionViewer(new Headers({ cookie }), origin, (setCookie) => {
    if (!res.headersSent) res.append("Set-Cookie", setCookie);
  });
  return viewer?.role === "admin";
}
