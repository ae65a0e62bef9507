import { DEFAULT_SORT, DURATIONS, type Duration, SORTS, type Sort } from "./listing-order";
import { parsePageParam } from "./pagination";
import { blankControlCharacters, isReadableLine, isReadableMultiline } from "./readable-text";
import { z } from "./zod";

/**
 * The validating boundary for route input (docs/architecture.md "Conventions"): path parameters, query parameters, form fields
 * and header-derived values pass a zod schema here before anything reaches a service. What a refusal
 * becomes is the caller's: app/lib/route-input.ts throws 404 or 400 for routes; routes that have their own
 * not-found text (docs/product.md, e.g. "Video page") use `.catch()`.
 */

/** Printable text of at most `max` characters: no control characters, no lone surrogates. */
export function plainText(max: number) {
  return z.string().max(max).refine(isReadableLine, "Unreadable characters");
}

/** Text from a multi-line form field: as `plainText`, but tabs and line breaks are allowed. */
export function multilineText(max: number) {
  return z.string().max(max).refine(isReadableMultiline, "Unreadable characters");
}

// Same rule as the database CHECK on categories.slug and blog_posts.slug.
const SLUG = /^[a-z0-9_]+(-[a-z0-9_]+)*$/;
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Route parameters and query parameters of the routes in app/routes.ts. */
export const input = {
  /** `/category/:categoryName`: a name, looked up leniently (docs/product.md "Listings"); longer than any category name is a 404. */
  categoryName: plainText(100).trim().min(1),
  /** `/video/:videoId`: a uuid, or nothing by that id. */
  videoId: z.string().regex(GUID),
  /** `/blog/:slug`: slugs follow the database rule. */
  slug: z.string().max(200).regex(SLUG),
  /** `?page=N`: anything but a plain positive number is page 1 (listing pages stay lenient). */
  page: z
    .string()
    .optional()
    .transform((raw) => parsePageParam(raw)),
  /**
   * `?sort=` of category pages and search: newest (the default), views or likes; anything else is a 400 (the
   * route-input convention for a value that names nothing). Empty, which a form sends, is the default.
   */
  sort: z
    .enum(SORTS)
    .or(z.literal(""))
    .optional()
    .transform((v): Sort => v || DEFAULT_SORT),
  /** `?duration=`: short, medium or long (core/listing-order.ts); empty is any, anything else a 400. */
  duration: z
    .enum(DURATIONS)
    .or(z.literal(""))
    .optional()
    .transform((v): Duration | null => v || null),
  /** `?q=`: free text; the search service trims and caps it. */
  q: plainText(8192).optional().default(""),
} as const;

/** Form bodies are small: the contact message is at most 1000 characters. */
export const MAX_FORM_BYTES = 64 * 1024;
const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

export type FormBody = { ok: true; form: FormData } | { ok: false; status: 400 | 413 | 415; headers: Record<string, string> };

/** The rest of a refused large body is only read to be dropped (server/http/input-boundary.ts LINGER): the connection closes after. */
const TOO_LARGE = { ok: false, status: 413, headers: { Connection: "close" } } as const;

/**
 * An action's form body: 415 for any other content type (JSON, text), 413 past `maxBytes` (counted while
 * reading, so a body without Content-Length is capped too), 400 when the body does not parse. Send the
 * failure's `headers` with the answer.
 */
export async function readForm(request: Request, maxBytes = MAX_FORM_BYTES): Promise<FormBody> {
  const contentType = request.headers.get("content-type") ?? "";
  const mediaType = contentType.split(";")[0]?.trim().toLowerCase() ?? "";
  if (!FORM_TYPES.has(mediaType)) return { ok: false, status: 415, headers: {} };
  if (Number(request.headers.get("content-length")) > maxBytes) return TOO_LARGE;
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        return TOO_LARGE;
      }
      chunks.push(value);
    }
  }
  try {
    const form = await new Response(new Blob(chunks as BlobPart[]), { headers: { "content-type": contentType } }).formData();
    return { ok: true, form };
  } catch {
    return { ok: false, status: 400, headers: {} };
  }
}

/**
 * Reads and drops up to `maxBytes` of a request body that will be refused anyway: answering before the
 * client has finished sending makes the server close the connection under it (the client sees a reset
 * instead of the answer). Larger bodies are left to the input boundary's lingering close (server/http/input-boundary.ts).
 */
export async function discardBody(request: Request, maxBytes = MAX_FORM_BYTES): Promise<void> {
  if (!request.body || Number(request.headers.get("content-length")) > maxBytes) return;
  const reader = request.body.getReader();
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      size += value.byteLength;
      if (size > maxBytes) return void (await reader.cancel());
    }
  } catch {
    // the client went away: nothing left to drop
  }
}

/**
 * The fields `schema` knows, as strings. A field given twice or sent as a file makes the form unreadable
 * (undefined), as does a value the schema refuses.
 */
export function parseForm<S extends z.ZodObject>(schema: S, form: FormData): z.output<S> | undefined {
  const raw = formStrings(form, Object.keys(schema.shape));
  if (!raw) return undefined;
  const parsed = schema.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}

/** A caller's X-Request-Id is kept only when short and plain, so it cannot inject into logs or headers. */
export const requestId = z.string().regex(/^[\w.:-]{1,64}$/);

/** The address Express derived for the client (X-Forwarded-For from a trusted proxy): an IP, else unknown. */
export const clientIp = z.union([z.ipv4(), z.ipv6()]).nullable().catch(null);

/** The User-Agent header as stored with a contact message: control characters blanked, capped. */
export const userAgent = z
  .string()
  .transform((v) => blankControlCharacters(v).slice(0, 1000) || null)
  .nullable()
  .catch(null);

/** The view-session cookie's value (app/lib/cookies.ts): a random v4 uuid, compared in lower case. */
export const viewSessionId = z.uuid({ version: "v4" }).transform((v) => v.toLowerCase());

/** Reads one cookie from a Cookie header through `schema`; missing or refused values are undefined. */
export function parseCookie<S extends z.ZodType>(schema: S, header: string | null, name: string): z.output<S> | undefined {
  if (!header || header.length > 8192) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const parsed = schema.safeParse(part.slice(eq + 1).trim());
    return parsed.success ? parsed.data : undefined;
  }
  return undefined;
}

/** The form's fields named by `keys`, as strings; undefined when one is repeated or sent as a file. */
export function formStrings(form: FormData, keys: readonly string[]): Record<string, string> | undefined {
  const raw: Record<string, string> = {};
  for (const key of keys) {
    const values = form.getAll(key);
    if (values.length > 1) return undefined;
    const [value] = values;
    if (value === undefined) continue;
    if (typeof value !== "string") return undefined;
    raw[key] = value;
  }
  return raw;
}
