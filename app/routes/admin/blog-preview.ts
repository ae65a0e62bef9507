import { data } from "react-router";
import { renderMarkdown } from "~/components/blog/markdown.server";
import { consoleActor } from "~/lib/console-action.server";
import { BLOG_CONTENT_MAX, BLOG_FORM_MAX_BYTES } from "~core/blog-post-schema";
import { multilineText, parseForm, readForm } from "~core/params";
import { z } from "~core/zod";
import { requireAdmin } from "../../../server/auth/session";
import type { Route } from "./+types/blog-preview";
import { CONSOLE_HEADERS } from "./layout";

/**
 * The editor's live preview: markdown in, the HTML the public post page would show out (the same
 * renderer, so the markdown parser stays on the server). Admins only; nothing is stored.
 */
export type PreviewResult = { ok: true; html: string } | { ok: false; message: string };

const previewForm = z.object({ content: multilineText(BLOG_CONTENT_MAX) });

/** Nothing to show at this address: 404 for anyone but an admin, 405 for an admin. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  throw data(null, { status: 405, headers: { ...CONSOLE_HEADERS, Allow: "POST" } });
}

export async function action(args: Route.ActionArgs) {
  await consoleActor(args, BLOG_FORM_MAX_BYTES);
  const body = await readForm(args.request, BLOG_FORM_MAX_BYTES);
  const refuse = (status: number, message: string, headers: Record<string, string> = {}) =>
    Response.json({ ok: false, message } satisfies PreviewResult, { status, headers: { ...CONSOLE_HEADERS, ...headers } });
  if (!body.ok) return refuse(body.status, "The preview could not be read.", body.headers);
  const form = parseForm(previewForm, body.form);
  if (!form) return refuse(400, `The content could not be read (at most ${BLOG_CONTENT_MAX.toLocaleString("en")} characters).`);
  return Response.json({ ok: true, html: renderMarkdown(form.content, { memo: false }) } satisfies PreviewResult, {
    headers: CONSOLE_HEADERS,
  });
}
