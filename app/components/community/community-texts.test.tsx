import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { CommunityData } from "~core/community-answer";
import type { Locale } from "~core/locales";
import { translate } from "../../../server/i18n/catalog";
import { inPage } from "../../../tests/support/in-page";
import { Comments } from "./Comments";
import { LikeButton } from "./LikeButton";

const VIDEO = "00000000-0000-4000-8000-000000000001";
const DAY = 86_400_000;
const comment = (id: string, daysAgo: number, content: string | null, isDeleted = false) => ({
  id,
  parentId: null,
  content,
  createdAt: new Date(Date.now() - daysAgo * DAY).toISOString(),
  isDeleted,
  isHeld: false,
});
const community: CommunityData = {
  likes: 2,
  shownThreads: 50,
  comments: { more: false, threads: [{ ...comment("c1", 3, "Schön!"), replies: [comment("c2", 1, null, true)] }] },
};

const page = (element: React.ReactNode, locale: Locale, search = "") =>
  renderToString(inPage(element, { locale, namespaces: ["common", "community"], path: `/video/${VIDEO}${search}` }));

describe("the comments' texts", () => {
  it("shows a visitor the comments in German: the count, the sign-in link to the German page, dates and placeholders", () => {
    const html = page(<Comments videoId={VIDEO} community={community} />, "de");
    expect(html).toContain("Kommentare");
    expect(html).toContain("(2)");
    expect(html).toContain("Bitte melde dich an, um zu kommentieren.");
    expect(html).toContain(`href="/de/login?redirectTo=${encodeURIComponent(`/de/video/${VIDEO}#comments`)}"`);
    expect(html).toContain("vor 3 Tagen");
    expect(html).toContain("Kommentar vom Nutzer gelöscht");
    expect(html).toMatch(/<p dir="auto"[^>]*>Schön!<\/p>/);
    expect(html).toContain('href="/de/report?comment=c1"');
  });

  it("says why a post without JavaScript failed, in the page's language", () => {
    const html = page(<Comments videoId={VIDEO} community={community} />, "de", "?communityError=full");
    expect(html).toContain("Dieser Thread hat sein Limit von 25 Antworten erreicht.");
  });

  it("counts likes with Arabic's plural forms and sends a visitor to sign in on the Arabic page", () => {
    const html = page(<LikeButton videoId={VIDEO} likes={2} liked={false} signedIn={false} />, "ar");
    expect(html).toContain("إعجاب");
    expect(html).toContain("(إعجابان). سجّل الدخول لتسجيل إعجابك");
    expect(html).toContain(`href="/ar/login?redirectTo=${encodeURIComponent(`/ar/video/${VIDEO}`)}"`);
  });

  it("keeps today's English and words the rate limit in each language's plural", () => {
    const english = translate("en", "community", "rateLimited", { seconds: 1 });
    expect(english).toBe("You are commenting too fast: at most 10 comments a minute. Please try again in 1 second.");
    expect(translate("ar", "community", "rateLimited", { seconds: 3 })).toContain("بعد 3 ثوانٍ");
    expect(translate("de", "community", "bannedWithReason", { reason: "Spam" })).toMatch(/gesperrt\. Begründung der Moderation: Spam$/);
  });
});
