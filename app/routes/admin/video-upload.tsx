import { data } from "react-router";
import { SectionHeader } from "~/components/admin/console-ui";
import { type UploadActionResult, VideoUpload } from "~/components/admin/videos/VideoUpload";
import { consoleRequest } from "~/lib/console-request.server";
import { FORM_UNREADABLE } from "~/lib/console-result";
import { ATTESTATION_FORM_FIELDS } from "~core/attestation";
import { formStrings } from "~core/params";
import { CONSOLE_PAGE, defineRoute } from "~core/route-contract";
import { STORAGE_AWAY, uploadIdSchema, type VideoFieldErrors, videoFieldsFromForm } from "~core/video-schema";
import { env } from "../../../server/env";
import { StorageUnavailableError } from "../../../server/media/storage";
import { listCategories } from "../../../server/services/categories";
import { submitUpload, VideoFieldsError } from "../../../server/services/video-admin";
import type { Route } from "./+types/video-upload";

export const contract = defineRoute({
  ...CONSOLE_PAGE,
});

export async function loader() {
  const categories = await listCategories();
  return data({ categories: categories.map((c) => c.name), maxBytes: env().MAX_UPLOAD_BYTES });
}

export function meta() {
  return [{ title: "Upload a video | Console" }];
}

function refused(status: number, fieldErrors: VideoFieldErrors, opts: { fileRefused?: boolean; headers?: Record<string, string> } = {}) {
  return data<UploadActionResult>(
    { ok: false, fieldErrors, fileRefused: opts.fileRefused ?? false },
    { status, headers: { ...opts.headers } },
  );
}

/** The finished upload (by id) with its fields: into the ingest pipeline, answered with the job to follow. */
export async function action(args: Route.ActionArgs) {
  // Read field by field below: the video's fields, the attestation and the finished upload each have their rules.
  const begun = await consoleRequest(args, (status, _intent, headers) => refused(status, { form: FORM_UNREADABLE }, { headers }));
  if (!begun.ok) return begun.answer;
  const { actor: admin, form: posted } = begun;
  const raw = videoFieldsFromForm(posted);
  const attestation = formStrings(posted, ATTESTATION_FORM_FIELDS);
  const uploadId = uploadIdSchema.safeParse(posted.get("uploadId"));
  if (posted.get("intent") !== "create" || !raw || !attestation || posted.getAll("uploadId").length !== 1) {
    return refused(400, { form: FORM_UNREADABLE });
  }
  if (!uploadId.success) return refused(400, { form: "The upload is not known: choose the file again." }, { fileRefused: true });
  try {
    const { jobId, videoId } = await submitUpload(uploadId.data, raw, admin, attestation);
    return data<UploadActionResult>({ ok: true, jobId, videoId });
  } catch (err) {
    if (err instanceof VideoFieldsError) {
      const fileRefused = Boolean(err.errors.form);
      return refused(fileRefused ? 422 : 400, err.errors, { fileRefused });
    }
    // The file could not be handed to the media storage: the upload is kept, the same form can be sent again.
    if (err instanceof StorageUnavailableError) return refused(503, { form: STORAGE_AWAY }, { headers: { "Retry-After": "30" } });
    throw err;
  }
}

export default function VideoUploadPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="space-y-4">
      <SectionHeader title="Upload a video">
        <p>
          The file is sent in pieces and survives a dropped connection. When it is in, it is checked and transcoded; the video appears once
          that is done.
        </p>
      </SectionHeader>
      <VideoUpload categories={loaderData.categories} maxBytes={loaderData.maxBytes} />
    </div>
  );
}
