import { data } from "react-router";
import { renderMarkdown } from "~/components/blog/markdown.server";
import { consoleRequest } from "~/lib/console-request.server";
import { BLOG_CONTENT_MAX, BLOG_FORM_MAX_BYTES, type PreviewResult } from "~core/blog-post-schema";
import { multilineText, parseForm } from "~core/params";
import { defineRoute } from "~core/route-contract";
import { z } from "~core/zod";
import type { Route } from "./+types/blog-preview";

/**
 * The editor's live preview: markdown in, the HTML the public post page would show out (the same
 * renderer, so the markdown parser stays on the server). Admins only; nothing is stored.
 */
const previewForm = z.object({ content: multilineText(BLOG_CONTENT_MAX) });

export const contract = defineRoute({
  access: "admin",
  kind: "resource",
  robots: "noindex",
  cacheControl: "private, no-store",
  input: { form: previewForm },
});

/** Nothing to show at this address: 404 for anyone but an admin, 405 for an admin. */
export async function loader() {
  throw data(null, { status: 405, headers: { Allow: "POST" } });
}

export async function action(args: Route.ActionArgs) {
  const refuse = (status: number, message: string, headers: Record<string, string> = {}) =>
    Response.json({ ok: false, message } satisfies PreviewResult, { status, headers });
  // A body it cannot read and content it cannot take say different things: the content is parsed below.
  const begun = await consoleRequest(args, (status, _intent, headers) => refuse(status, "The preview could not be read.", headers), {
    maxBytes: BLOG_FORM_MAX_BYTES,
  });
  if (!begun.ok) return begun.answer;
  const form = parseForm(contract.input.form, begun.form);
  if (!form) return refuse(400, `The content could not be read (at most ${BLOG_CONTENT_MAX.toLocaleString("en")} characters).`);
  return Response.json({ ok: true, html: renderMarkdown(form.content, { memo: false }) } satisfies PreviewResult, {});
}
