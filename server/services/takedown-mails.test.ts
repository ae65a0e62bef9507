import type { Selectable } from "kysely";
import { describe, expect, it } from "vitest";
import type { TakedownRequestsTable } from "../db/schema";
import { confirmationMail, outcomeMail, overdueMail } from "./takedown-mails";

/** A request as the database returns it, sent 2026-11-26 12:00 UTC, due 48 hours later. */
const request: Selectable<TakedownRequestsTable> = {
  id: "00000000-0000-4000-8000-000000000001",
  reference: "TD-ABCD-EFGH",
  kind: "non-consensual",
  name: "Rosa Example",
  email: "rosa@example.com",
  urls: "https://elsewhere.example/a\nhttps://elsewhere.example/b",
  description: "This clip was made to look like me.",
  signature: "Rosa Example",
  video_id: null,
  ip_address: null,
  user_agent: null,
  status: "open",
  created_at: new Date("2026-11-26T12:00:00Z"),
  due_at: new Date("2026-11-28T12:00:00Z"),
  resolved_at: null,
  outcome: null,
  resolved_by: null,
  overdue_notified_at: null,
  locale: null,
};

describe("the requester's takedown mails, in the language of the page the request was sent from", () => {
  it("words the confirmation in English as it always has (the default)", () => {
    expect(confirmationMail(request)).toEqual({
      to: "rosa@example.com",
      subject: "Takedown request received: TD-ABCD-EFGH",
      text: [
        "Hello,",
        "",
        "We received a takedown request sent with this e-mail address. Its reference is TD-ABCD-EFGH.",
        "",
        "Type: Intimate imagery of a real person without their consent",
        "Addresses named: 2",
        "",
        "We review every request and act on valid ones within 48 hours, by Sat, 28 Nov 2026 12:00:00 GMT. We will write to you with the outcome.",
        "If you did not send this request, you can ignore this message.",
        "",
        "Pleazure trust and safety",
      ].join("\n"),
    });
    expect(confirmationMail(request, "en")).toEqual(confirmationMail(request));
  });

  it("words the confirmation in German and in Arabic, the kind, the 48 hours and the due time included", () => {
    const de = confirmationMail(request, "de");
    expect(de.subject).toBe("Löschantrag eingegangen: TD-ABCD-EFGH");
    expect(de.text).toContain("Seine Referenz lautet TD-ABCD-EFGH.");
    expect(de.text).toContain("Art: Intime Aufnahmen einer realen Person ohne deren Einwilligung");
    expect(de.text).toContain("Genannte Adressen: 2");
    expect(de.text).toContain("innerhalb von 48 Stunden, also bis zum 28. November 2026 um 12:00 UTC.");
    expect(de.text.split("\n").at(-1)).toBe("Pleazure – Vertrauen und Sicherheit");

    const ar = confirmationMail(request, "ar");
    expect(ar.to).toBe("rosa@example.com");
    expect(ar.subject).toBe("تم استلام طلب الإزالة: TD-ABCD-EFGH");
    expect(ar.text.split("\n")[0]).toBe("مرحبًا،");
    expect(ar.text).toContain("النوع: صور حميمة لشخص حقيقي دون موافقته");
    expect(ar.text).toContain("خلال 48 ساعة، أي بحلول ");
    // Nothing the requester typed comes back, in any language (issue 32 item 4).
    for (const mail of [de, ar]) {
      expect(mail.text).not.toContain("Rosa Example");
      expect(mail.text).not.toContain("elsewhere.example");
    }
  });

  it("words the outcome in English as it always has, and in German and Arabic with the admin's note as written", () => {
    const removed = { ...request, status: "removed" as const, outcome: "Matched the original." };
    expect(outcomeMail(removed)).toEqual({
      to: "rosa@example.com",
      subject: "Takedown request TD-ABCD-EFGH: material removed",
      text: [
        "Hello Rosa Example,",
        "",
        "We have removed the material named in your request TD-ABCD-EFGH. It is no longer available on Pleazure, and the same file cannot be published again.",
        "",
        "Our note: Matched the original.",
        "",
        "If you have questions, reply to contact@pleazure.example quoting TD-ABCD-EFGH.",
        "",
        "Pleazure trust and safety",
      ].join("\n"),
    });
    const rejected = { ...request, status: "rejected" as const, outcome: "Not this site's video." };
    expect(outcomeMail(rejected).subject).toBe("Takedown request TD-ABCD-EFGH: not removed");
    expect(outcomeMail(rejected, "de").subject).toBe("Löschantrag TD-ABCD-EFGH: nicht entfernt");
    expect(outcomeMail(removed, "de").text).toContain(
      "Hallo Rosa Example,\n\nWir haben das in deinem Antrag TD-ABCD-EFGH genannte Material",
    );
    expect(outcomeMail(removed, "ar").text).toContain("ملاحظتنا: Matched the original.");
  });

  it("keeps the admins' overdue notice in English, like the console", () => {
    expect(overdueMail([request]).text).toContain("TD-ABCD-EFGH (Intimate imagery of a real person without their consent), received");
  });
});
