import { data, type Params } from "react-router";
import type { z } from "~core/zod";

/**
 * Route input refused the React Router way: a value that names nothing is a 404, an unreadable or ambiguous
 * request a 400, thrown as data responses so the root error boundary renders them (the schemas are in
 * core/params.ts).
 */

export function notFound(): never {
  throw data(null, { status: 404 });
}

export function badRequest(): never {
  throw data(null, { status: 400 });
}

/** Path parameters through `schema`; a value it refuses names nothing: 404. */
export function parseParams<S extends z.ZodType>(schema: S, params: Params): z.output<S> {
  const parsed = schema.safeParse(params);
  return parsed.success ? parsed.data : notFound();
}

/**
 * The query parameters `schema` knows (others, such as tracking tags, are ignored). A known parameter given
 * twice is ambiguous and a value the schema refuses unreadable: both 400.
 */
export function parseQuery<S extends z.ZodObject>(schema: S, request: Request): z.output<S> {
  const search = new URL(request.url).searchParams;
  const raw: Record<string, string> = {};
  for (const key of Object.keys(schema.shape)) {
    const values = search.getAll(key);
    if (values.length > 1) badRequest();
    if (values.length === 1) raw[key] = values[0] as string;
  }
  const parsed = schema.safeParse(raw);
  return parsed.success ? parsed.data : badRequest();
}
