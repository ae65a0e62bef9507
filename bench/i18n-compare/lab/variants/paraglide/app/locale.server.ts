// The request's locale for Paraglide's message functions during its render: the address's :lang segment,
// held in the AsyncLocalStorage that Paraglide's getLocale() reads on the server. (paraglideMiddleware does
// the same and also clones the Request, de-localises its URL and checks for redirects, which routes that
// carry the :lang segment themselves do not need.)
import { AsyncLocalStorage } from "node:async_hooks";
import type { MiddlewareFunction } from "react-router";
import { localeOfPath } from "./locale";
import { overwriteServerAsyncLocalStorage } from "./paraglide/runtime.js";

const storage = new AsyncLocalStorage<{ locale: string }>();
overwriteServerAsyncLocalStorage(storage as never);

export const localeMiddleware: MiddlewareFunction<Response> = ({ request, params }, next) => {
  const locale = localeOfPath(new URL(request.url).pathname);
  if (params.lang !== undefined && params.lang !== locale) throw new Response("Not found", { status: 404 });
  return storage.run({ locale }, next);
};
