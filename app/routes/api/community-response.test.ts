import { describe, expect, it } from "vitest";
import { bannedRefusal, formLocale, responder } from "./community-response";

const VIDEO = "00000000-0000-4000-8000-000000000001";

describe("the community endpoints' answers", () => {
  it("answers a script with the code the page words, and the text in the form's language", async () => {
    const answer = responder(true, VIDEO, "de").fail(409, { code: "threadFull", values: { max: 25 } }, "full");
    expect(answer.status).toBe(409);
    expect(await answer.json()).toEqual({
      ok: false,
      code: "threadFull",
      values: { max: 25 },
      error: "Dieser Thread hat sein Limit von 25 Antworten erreicht. Bitte schreib stattdessen einen neuen Kommentar.",
    });
  });

  it("keeps today's English answer and sign-in address for a form that names no language", async () => {
    const answer = responder(true, VIDEO, formLocale(new FormData())).signIn("loginToComment");
    expect(answer.status).toBe(401);
    expect(await answer.json()).toMatchObject({
      ok: false,
      error: "You must be logged in to comment.",
      signIn: `/login?redirectTo=${encodeURIComponent(`/video/${VIDEO}`)}`,
    });
  });

  it("says its length, so a small answer is not compressed, and that no cache may keep it", async () => {
    const answer = responder(true, VIDEO).ok({ liked: true, likes: 3 });
    const body = await answer.clone().arrayBuffer();
    expect(answer.headers.get("content-length")).toBe(String(body.byteLength));
    expect(answer.headers.get("content-type")).toBe("application/json");
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(await answer.json()).toEqual({ ok: true, liked: true, likes: 3 });
  });

  it("sends a post without JavaScript back to the page in its language", () => {
    const form = new FormData();
    form.set("locale", "pt-BR");
    const back = responder(false, VIDEO, formLocale(form)).fail(403, bannedRefusal(" "), "banned") as Response;
    expect(back.status).toBe(303);
    expect(back.headers.get("Location")).toBe(`/pt-br/video/${VIDEO}?communityError=banned#comments`);
    expect(bannedRefusal("Spam")).toEqual({ code: "bannedWithReason", values: { reason: "Spam" } });
  });
});
