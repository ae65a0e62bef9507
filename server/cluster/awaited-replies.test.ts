import { describe, expect, it } from "vitest";
import { AwaitedReplies } from "./awaited-replies";

describe("awaited replies", () => {
  it("resolves with the reply to its id, rejects with an Error reply, forgets what it settled", async () => {
    const replies = new AwaitedReplies<number, string>();
    const one = replies.wait(1, 1_000, "late", () => {});
    const two = replies.wait(2, 1_000, "late", () => {});
    replies.settle(2, new Error("refused"));
    replies.settle(1, "text");
    replies.settle(1, "again");
    await expect(one).resolves.toBe("text");
    await expect(two).rejects.toThrow("refused");
  });

  it("settles with the fallback after the time-out or when the sent promise rejects; a throwing send rejects", async () => {
    const replies = new AwaitedReplies<string, string>();
    await expect(replies.wait("a", 10, "timed out", () => {})).resolves.toBe("timed out");
    await expect(replies.wait("b", 1_000, "not sent", () => Promise.reject(new Error("down")))).resolves.toBe("not sent");
    await expect(
      replies.wait("c", 1_000, "x", () => {
        throw new Error("channel closed");
      }),
    ).rejects.toThrow("channel closed");
  });

  it("settles every waiting request at once", async () => {
    const replies = new AwaitedReplies<number, string>();
    const waits = [replies.wait(1, 1_000, "late", () => {}), replies.wait(2, 1_000, "late", () => {})];
    replies.settleAll("resync");
    await expect(Promise.all(waits)).resolves.toEqual(["resync", "resync"]);
  });
});
