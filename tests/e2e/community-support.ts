import { postTestHook } from "../support/account-session";

/**
 * Helpers of the likes and comments specs: seeded comments and what the database holds for a video. Signing
 * in, roles and test videos are in tests/support/account-session.ts.
 */

/**
 * `count` top-level comments on the video by a seed user, past the per-user limit ("Load more"), or `count`
 * replies to `parentId` (written past the service's rules, as rows from before a cap would be).
 */
export async function seedComments(baseURL: string | undefined, videoId: string, count: number, parentId?: string): Promise<void> {
  await postTestHook(baseURL, "comments/seed", { videoId, count, parentId });
}

export interface StoredComment {
  id: string;
  user_id: string;
  parent_id: string | null;
  content: string;
  is_deleted: boolean;
}

/** The video's like counter, who likes it, and its comments, read from the database. */
export async function stored(baseURL: string | undefined, videoId: string) {
  const res = await fetch(`${baseURL}/__test/community?videoId=${videoId}`);
  if (!res.ok) throw new Error(`community hook answered ${res.status}`);
  return (await res.json()) as { likes: number; likedBy: string[]; comments: StoredComment[] };
}
