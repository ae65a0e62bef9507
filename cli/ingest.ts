import { parseArgs } from "node:util";
import { ContentSafetyError } from "../core/content-safety";
import { paths } from "../core/paths";
import { takeOverSignals } from "../server/cluster/signals";
import { isDatabaseUnavailableError } from "../server/db/availability";
import type { DatabaseHandle } from "../server/db/connection";
import type { TranscodeJob } from "../server/db/schema";
import { isJobRunnerAlive, type JobRunner, startJobRunner } from "../server/jobs/runner";
import { IngestError, listTranscodeJobs, submitIngest, waitForTranscodeJob } from "../server/services/ingest";

export const INGEST_USAGE = "video:ingest <file> --title T --category C [--description D] [--public]";

/**
 * `video:ingest`: queues the transcode, then waits for it and shows its progress. With the app running, the
 * app's job runner does the work; otherwise this process runs one until the job ends. Ctrl+C leaves the job
 * queued (it resumes when the app or another ingest runs).
 */
export async function ingestCommand(argv: string[], handle: DatabaseHandle, log: (msg: string) => void): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (err) {
    console.error(`${(err as Error).message}\nusage: npm run cli -- ${INGEST_USAGE}`);
    return 2;
  }
  const { positionals, values } = parsed;
  const file = positionals[0];
  if (!file || !values.title || !values.category || positionals.length > 1) {
    console.error(`video:ingest needs one <file>, --title and --category\nusage: npm run cli -- ${INGEST_USAGE}`);
    return 2;
  }
  if (values.public && values.private) {
    console.error("video:ingest takes --public or --private, not both");
    return 2;
  }

  let job: TranscodeJob;
  try {
    ({ job } = await submitIngest({
      file,
      title: values.title,
      category: values.category,
      description: values.description ?? null,
      publish: Boolean(values.public),
    }));
  } catch (err) {
    if (err instanceof IngestError || err instanceof ContentSafetyError) {
      console.error(`refused: ${err.message}`);
      return 1;
    }
    throw err;
  }
  log(`[ingest] queued job ${job.id} for video ${job.video_id}`);

  let runner: JobRunner | undefined;
  if (!(await isJobRunnerAlive(handle.pool))) {
    log("[ingest] no running app: transcoding in this process");
    runner = await startJobRunner({ databaseUrl: handle.url });
  }
  const interrupted = new AbortController();
  // Ctrl+C stops the job runner cleanly (the job goes back to the queue) before PostgreSQL stops.
  takeOverSignals();
  const onSignal = () => interrupted.abort(new Error("interrupted"));
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  try {
    const last = await waitForTranscodeJob(job.id, {
      signal: interrupted.signal,
      onChange: (j) => log(`[ingest] ${j.status}${j.status === "running" ? ` ${j.progress}%` : ""}`),
    });
    if (last.status === "failed") {
      console.error(`transcode failed: ${last.error ?? "unknown error"}`);
      return 1;
    }
    log(`added video ${last.video_id}: ${paths.video(last.video_id)}${last.publish ? "" : " (private)"}`);
    return 0;
  } catch (err) {
    if (interrupted.signal.aborted) {
      log(`[ingest] interrupted: job ${job.id} stays queued and resumes when the app (or another ingest) runs`);
      return 130;
    }
    // Beside a running app, its PostgreSQL stops with it; the job itself is safe in the database.
    if (isDatabaseUnavailableError(err)) {
      console.error(`the database went away (${(err as Error).message}); job ${job.id} stays queued and resumes when the app starts again`);
      return 1;
    }
    throw err;
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    await runner?.stop().catch(() => {});
  }
}

function parse(args: string[]) {
  return parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: {
      title: { type: "string" },
      category: { type: "string" },
      description: { type: "string" },
      public: { type: "boolean" },
      private: { type: "boolean" },
    },
  });
}

/** `video:jobs`: the latest transcode jobs, newest first, one line each. */
export async function listJobsCommand(log: (msg: string) => void): Promise<number> {
  const jobs = await listTranscodeJobs({ limit: 20 });
  if (!jobs.length) log("no transcode jobs");
  for (const j of jobs) {
    const state = j.status === "running" ? `running ${j.progress}%` : j.status;
    log(
      `${j.created_at.toISOString()}  ${state.padEnd(12)} ${j.title} (${j.source_name}) video ${j.video_id}${j.error ? `: ${j.error}` : ""}`,
    );
  }
  return 0;
}
