import { type Dispatch, type SetStateAction, useEffect } from "react";
import { paths } from "~core/paths";
import type { JobState, Phase } from "./UploadStatus";

/** How often the page asks how far the transcode is. */
const POLL_MS = 1000;

/** Live transcode progress until the job ends: asks app/routes/admin/video-job.ts once a second, the answer kept in the phase. */
export function useTranscodeProgress(phase: Phase, setPhase: Dispatch<SetStateAction<Phase>>) {
  const jobId = phase.name === "transcoding" ? phase.jobId : null;
  const jobEnded = phase.name === "transcoding" && (phase.job?.status === "done" || phase.job?.status === "failed");
  useEffect(() => {
    if (!jobId || jobEnded) return;
    let stopped = false;
    const poll = async () => {
      try {
        const res = await fetch(paths.admin.videoJob(jobId), { headers: { Accept: "application/json" } });
        if (res.ok && !stopped) {
          const job = (await res.json()) as JobState;
          setPhase((p) => (p.name === "transcoding" && p.jobId === jobId ? { ...p, job } : p));
        }
      } catch {
        // offline for a moment: the next poll tries again
      }
    };
    void poll();
    const timer = setInterval(poll, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [jobId, jobEnded, setPhase]);
}
