import { defineRoute } from "~core/route-contract";
import { getTranscodeJob } from "../../../server/services/ingest";
import type { Route } from "./+types/video-job";

export const contract = defineRoute({
  access: "admin",
  kind: "resource",
  robots: "noindex",
  cacheControl: "private, no-store",
});

/** How far a transcode is, for the upload page's live progress (polled every second). Admins only. */
export async function loader(args: Route.LoaderArgs) {
  const job = await getTranscodeJob(args.params.jobId);
  if (!job) return Response.json({ error: "No such transcode job." }, { status: 404 });
  return Response.json({ status: job.status, progress: job.progress, error: job.error, videoId: job.video_id, publish: job.publish });
}
