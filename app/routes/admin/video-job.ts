import { requireAdmin } from "../../../server/auth/session";
import { getTranscodeJob } from "../../../server/services/ingest";
import type { Route } from "./+types/video-job";
import { CONSOLE_HEADERS } from "./layout";

/** How far a transcode is, for the upload page's live progress (polled every second). Admins only. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const job = await getTranscodeJob(args.params.jobId);
  if (!job) return Response.json({ error: "No such transcode job." }, { status: 404, headers: CONSOLE_HEADERS });
  return Response.json(
    { status: job.status, progress: job.progress, error: job.error, videoId: job.video_id, publish: job.publish },
    { headers: CONSOLE_HEADERS },
  );
}
