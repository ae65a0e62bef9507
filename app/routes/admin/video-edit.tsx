import { data, redirect } from "react-router";
import { TranslationsSection } from "~/components/admin/translations/TranslationForms";
import { CaptionsEditor } from "~/components/admin/videos/CaptionsEditor";
import { ChaptersEditor, isChaptersResult } from "~/components/admin/videos/ChaptersEditor";
import { type EditActionResult, postedVideoFields, VideoEditor } from "~/components/admin/videos/VideoEditor";
import type { VideoFieldValues } from "~/components/admin/videos/VideoFields";
import { consoleRequest } from "~/lib/console-request.server";
import { FORM_UNREADABLE } from "~/lib/console-result";
import { routeInput } from "~/lib/route-contract.server";
import { chaptersToText } from "~core/chapters-schema";
import { input } from "~core/params";
import { paths } from "~core/paths";
import { CONSOLE_PAGE, defineRoute } from "~core/route-contract";
import { type VideoFieldErrors, videoFieldsFromForm } from "~core/video-schema";
import { z } from "~core/zod";
import { listVideoCaptions } from "../../../server/services/captions";
import { listCategories } from "../../../server/services/categories";
import { chaptersForEditing } from "../../../server/services/chapters";
import { videoTranslationsForEditing } from "../../../server/services/translation-admin";
import { deleteVideo, getAdminVideo, updateVideo, VideoFieldsError, VideoNotFoundError } from "../../../server/services/video-admin";
import type { Route } from "./+types/video-edit";
import { videoTranslationAction } from "./translation-actions.server";
import { chaptersAction } from "./video-chapters.server";

const params = z.object({ videoId: input.videoId });

export const contract = defineRoute({
  ...CONSOLE_PAGE,
  input: { params },
});

export async function loader(args: Route.LoaderArgs) {
  const { videoId } = routeInput(args.context, contract).params;
  const [video, categories, chapters, captions, translations] = await Promise.all([
    getAdminVideo(videoId),
    listCategories(),
    chaptersForEditing(videoId),
    listVideoCaptions(videoId),
    videoTranslationsForEditing(videoId),
  ]);
  if (!video || !chapters) throw data(null, { status: 404 });
  return data({
    video: {
      ...video,
      uploadDate: video.uploadDate.toISOString(),
      removed: video.removed && { ...video.removed, at: video.removed.at.toISOString() },
      attestation: video.attestation && { ...video.attestation, agreedAt: video.attestation.agreedAt.toISOString() },
    },
    categories: categories.map((c) => c.name),
    chapters: { duration: chapters.duration, text: chaptersToText(chapters.chapters) },
    captions: captions.map((c) => ({ ...c, updatedAt: c.updatedAt.toISOString() })),
    translations,
  });
}

export function meta() {
  return [{ title: "Edit video | Console" }];
}

function refused(
  status: number,
  intent: string,
  fieldErrors: VideoFieldErrors,
  headers: Record<string, string> = {},
  values?: VideoFieldValues,
) {
  return data<EditActionResult>({ intent, ok: false, fieldErrors, ...(values && { values }) }, { status, headers });
}

/** `update` saves the fields; `chapters` the chapters; `translation` one language's version; `delete` (with its confirmation) removes the video and its media. */
export async function action(args: Route.ActionArgs) {
  // Three forms post here (the fields, the chapters, the deletion), each read by its own rule once the intent is known.
  const begun = await consoleRequest(args, (status, _intent, headers) => refused(status, "", { form: FORM_UNREADABLE }, headers));
  if (!begun.ok) return begun.answer;
  const { actor, form: posted } = begun;
  const { videoId } = routeInput(args.context, contract).params;
  const intents = posted.getAll("intent");
  const intent = intents.length === 1 && typeof intents[0] === "string" ? intents[0] : "";
  if (intent === "chapters") return chaptersAction(videoId, posted, actor);
  if (intent === "translation") return videoTranslationAction(videoId, posted, actor);
  // A refused update sends back what was posted, so the page shows it again when it was posted without JavaScript.
  const raw = intent === "update" ? videoFieldsFromForm(posted) : undefined;
  try {
    if (intent === "update") {
      if (!raw) return refused(400, intent, { form: FORM_UNREADABLE });
      await updateVideo(videoId, raw, actor);
      return data<EditActionResult>({ intent, ok: true });
    }
    if (intent === "delete") {
      if (posted.getAll("confirm").join() !== "yes") return refused(400, intent, { form: "Confirm the deletion first." });
      await deleteVideo(videoId, actor);
      return redirect(paths.admin.videos({ deleted: true }));
    }
    return refused(400, "", { form: "Unknown action." });
  } catch (err) {
    if (err instanceof VideoFieldsError) return refused(400, intent, err.errors, {}, raw && postedVideoFields(raw));
    if (err instanceof VideoNotFoundError) return refused(404, intent, { form: err.message });
    throw err;
  }
}

export default function VideoEditPage({ loaderData, actionData }: Route.ComponentProps) {
  const { video, chapters } = loaderData;
  return (
    <VideoEditor
      video={video}
      categories={loaderData.categories}
      documentResult={actionData && !isChaptersResult(actionData) && actionData.intent === "update" ? actionData : undefined}
    >
      <ChaptersEditor
        videoId={video.id}
        duration={chapters.duration}
        text={chapters.text}
        documentResult={isChaptersResult(actionData) ? actionData : undefined}
      />
      {!video.removed && <CaptionsEditor videoId={video.id} captions={loaderData.captions} />}
      <TranslationsSection
        kind="video"
        targetId={video.id}
        forms={loaderData.translations.map((t) => ({
          locale: t.locale,
          status: t.status,
          title: t.title,
          description: t.description,
          chapters: t.chapters,
        }))}
      />
    </VideoEditor>
  );
}
