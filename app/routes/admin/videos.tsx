import { data } from "react-router";
import { VideoList } from "~/components/admin/videos/VideoList";
import { routeInput } from "~/lib/route-contract.server";
import { input, plainText } from "~core/params";
import { CONSOLE_PAGE, defineRoute } from "~core/route-contract";
import { z } from "~core/zod";
import { ADMIN_VIDEOS_PER_PAGE, listAdminVideos, listUnfinishedJobs } from "../../../server/services/video-admin";
import type { Route } from "./+types/videos";

/** Unknown or unreadable filters fall back to "everything" (listing pages stay lenient). */
const listQuery = z.object({
  page: input.page,
  q: plainText(200).catch("").optional().default(""),
  visibility: z.enum(["all", "public", "private"]).catch("all").optional().default("all"),
  deleted: z.string().optional(),
});

export const contract = defineRoute({
  ...CONSOLE_PAGE,
  input: { query: listQuery },
});

export async function loader(args: Route.LoaderArgs) {
  const query = routeInput(args.context, contract).query;
  const q = query.q.trim();
  const [list, jobs] = await Promise.all([
    listAdminVideos({ page: query.page, q, visibility: query.visibility }),
    query.page === 1 && !q && query.visibility === "all" ? listUnfinishedJobs() : Promise.resolve([]),
  ]);
  return data({
    videos: list.videos.map((v) => ({ ...v, uploadDate: v.uploadDate.toISOString() })),
    total: list.total,
    page: query.page,
    pageCount: Math.max(1, Math.ceil(list.total / ADMIN_VIDEOS_PER_PAGE)),
    q,
    visibility: query.visibility,
    deleted: query.deleted === "1",
    jobs: jobs.map((j) => ({
      id: j.id,
      title: j.title,
      sourceName: j.source_name,
      status: j.status,
      progress: j.progress,
      error: j.error,
      createdAt: j.created_at.toISOString(),
    })),
  });
}

export function meta() {
  return [{ title: "Videos | Console" }];
}

export default function VideosPage({ loaderData }: Route.ComponentProps) {
  return <VideoList {...loaderData} />;
}
