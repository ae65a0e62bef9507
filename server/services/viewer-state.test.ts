import { describe, expect, it } from "vitest";
import type { Viewer } from "../../core/viewer";
import { insertVideo } from "../../tests/support/fixtures";
import { useTestDatabase } from "../../tests/support/test-db";
import type { RateLimiter } from "../db/rate-limit";
import { preferredLocale, setAutoplay, setCaptionStyle, setPreferredLocale } from "./account";
import { addComment, deleteComment } from "./comments";
import { addFavorite } from "./favorites";
import { recordPosition, setHistoryPaused } from "./history";
import { setLike } from "./likes";
import { viewerState } from "./viewer-state";

const { handle } = useTestDatabase();
const unlimited: RateLimiter = { consume: async () => ({ allowed: true, remaining: 99 }) };

async function newViewer(tag: string): Promise<Viewer> {
  const id = `state-${tag}-${Math.random().toString(36).slice(2, 8)}`;
  await handle()
    .db.insertInto("users")
    .values({ id, email: `${id}@example.com`, full_name: null, avatar_url: null, is_creator: false, role: "user" })
    .execute();
  return { id, email: `${id}@example.com`, name: null, avatarUrl: null, role: "user", isCreator: false };
}

describe("a viewer's state on a shared page (core/viewer-state.ts) on PostgreSQL", () => {
  it("answers only what is theirs among the asked video and cards", async () => {
    const db = handle().db;
    const [video, cardA, cardB, cardC] = await Promise.all([1, 2, 3, 4].map(() => insertVideo(db, { duration: 600 })));
    const [ann, bob] = [await newViewer("ann"), await newViewer("bob")];
    await addFavorite(ann.id, video!.id);
    await addFavorite(ann.id, cardB!.id);
    await addFavorite(bob.id, cardA!.id);
    await setLike(ann.id, video!.id, true);
    await recordPosition(ann.id, video!.id, 125);
    const comment = await addComment({ videoId: video!.id, userId: ann.id, parentId: null, content: "hers" }, { limiter: unlimited });
    if (comment.status !== "added") throw new Error(comment.status);
    await addComment({ videoId: video!.id, userId: bob.id, parentId: null, content: "his" }, { limiter: unlimited });

    // Deleted ones and those on other videos are not listed.
    const gone = await addComment({ videoId: video!.id, userId: ann.id, parentId: null, content: "gone" }, { limiter: unlimited });
    if (gone.status !== "added") throw new Error(gone.status);
    expect(await deleteComment(gone.id, ann.id)).toMatchObject({ status: "deleted" });
    await addComment({ videoId: cardA!.id, userId: ann.id, parentId: null, content: "elsewhere" }, { limiter: unlimited });
    const scope = { video: video!.id, cards: [cardA!.id, cardB!.id, cardC!.id] };
    expect(await viewerState(ann, scope)).toEqual({
      viewer: ann,
      historyPaused: false,
      autoplay: null,
      captionStyle: null,
      locale: null,
      favoriteIds: [cardB!.id],
      video: { liked: true, favorite: true, watchLater: false, resumeAt: 125, ownCommentIds: [comment.id] },
    });
    await setHistoryPaused(bob.id, true);
    await setPreferredLocale(bob.id, "pt-BR");
    const his = await viewerState(bob, scope);
    expect(his).toMatchObject({ viewer: bob, historyPaused: true, locale: "pt-BR", favoriteIds: [cardA!.id] });
    expect(await preferredLocale(bob.id)).toBe("pt-BR");
    expect(his.video).toMatchObject({ liked: false, favorite: false, resumeAt: null });
    expect(his.video?.ownCommentIds).toHaveLength(1);
    expect(his.video?.ownCommentIds).not.toContain(comment.id);
    // Watched to the end: nothing to resume (history.ts resumeOffer).
    await recordPosition(ann.id, video!.id, 599);
    expect((await viewerState(ann, { video: video!.id })).video?.resumeAt).toBeNull();
    // A listing asks about cards only; a page without cards about nothing but the viewer.
    expect(await viewerState(ann, { cards: [cardB!.id, cardC!.id] })).toMatchObject({ favoriteIds: [cardB!.id], video: null });
    expect(await viewerState(ann, {})).toEqual({
      viewer: ann,
      historyPaused: false,
      autoplay: null,
      captionStyle: null,
      locale: null,
      favoriteIds: [],
      video: null,
    });
    // The account's autoplay choice, once made, is theirs alone.
    await setAutoplay(ann.id, false);
    expect(await viewerState(ann, {})).toMatchObject({ autoplay: false });
    expect(await viewerState(bob, {})).toMatchObject({ autoplay: null });
    // So is the caption style.
    const style = { size: 150, font: "serif", color: "yellow", background: "blue", backgroundOpacity: 50, edge: "outline" } as const;
    await setCaptionStyle(ann.id, style);
    expect(await viewerState(ann, {})).toMatchObject({ captionStyle: style });
    expect(await viewerState(bob, {})).toMatchObject({ captionStyle: null });
  });
});
