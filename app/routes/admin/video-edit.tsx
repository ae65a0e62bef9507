import { data, redirect } from "react-router";
import { type EditActionResult, VideoEditor } from "~/components/admin/videos/VideoEditor";
import { consoleActor } from "~/lib/console-action.server";
import { parseParams } from "~/lib/route-input";
import { input, readForm } from "~core/params";
import { type VideoFieldErrors, videoFieldsFromForm } from "~core/video-schema";
import { z } from "~core/zod";
import { requireAdmin } from "../../../server/auth/session";
import { listCategories } from "../../../server/services/categories";
import { deleteVideo, getAdminVideo, updateVideo, VideoFieldsError, VideoNotFoundError } from "../../../server/services/video-admin";
import type { Route } from "./+types/video-edit";
import { CONSOLE_HEADERS, consoleHeaders } from "./layout";

const params = z.object({ videoId: input.videoId });

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const { videoId } = parseParams(params, args.params);
  const [video, categories] = await Promise.all([getAdminVideo(videoId), listCategories()]);
  if (!video) throw data(null, { status: 404, headers: CONSOLE_HEADERS });
  return data(
    { video: { ...video, uploadDate: video.uploadDate.toISOString() }, categories: categories.map((c) => c.name) },
    { headers: CONSOLE_HEADERS },
  );
}

export function headers(args: Route.HeadersArgs) {
  return consoleHeaders(args);
}

export function meta() {
  return [{ title: "Edit video | Console" }, { name: "robots", content: "noindex, nofollow" }];
}

function refused(status: number, intent: string, fieldErrors: VideoFieldErrors, headers: Record<string, string> = {}) {
  return data<EditActionResult>({ intent, ok: false, fieldErrors }, { status, headers: { ...CONSOLE_HEADERS, ...headers } });
}

/** `update` saves the fields; `delete` (with its confirmation) removes the video and its media. */
export async function action(args: Route.ActionArgs) {
  const admin = await consoleActor(args);
  const videoId = params.safeParse(args.params);
  const body = await readForm(args.request);
  if (!body.ok) return refused(body.status, "", { form: "The form could not be read." }, body.headers);
  if (!videoId.success) return refused(404, "", { form: "This video no longer exists." });
  const actor = admin;
  const intents = body.form.getAll("intent");
  const intent = intents.length === 1 && typeof intents[0] === "string" ? intents[0] : "";
  try {
    if (intent === "update") {
      const raw = videoFieldsFromForm(body.form);
      if (!raw) return refused(400, intent, { form: "The form could not be read." });
      await updateVideo(videoId.data.videoId, raw, actor);
      return data<EditActionResult>({ intent, ok: true }, { headers: CONSOLE_HEADERS });
    }
    if (intent === "delete") {
      if (body.form.getAll("confirm").join() !== "yes") return refused(400, intent, { form: "Confirm the deletion first." });
      await deleteVideo(videoId.data.videoId, actor);
      return redirect("/admin/videos?deleted=1", { headers: CONSOLE_HEADERS });
    }
    return refused(400, "", { form: "Unknown action." });
  } catch (err) {
    if (err instanceof VideoFieldsError) return refused(400, intent, err.errors);
    if (err instanceof VideoNotFoundError) return refused(404, intent, { form: err.message });
    throw err;
  }
}

export default function VideoEditPage({ loaderData }: Route.ComponentProps) {
  return <VideoEditor video={loaderData.video} categories={loaderData.categories} />;
}
