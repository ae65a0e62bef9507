import { describe, expect, it, vi } from "vitest";
import type { MailMessage } from "../mail";
import { mailingCodesIn, sendSignInCode, signInCodeMail } from "./mail-texts";

const sent = vi.hoisted(() => [] as MailMessage[]);
vi.mock("../mail", () => ({ sendMail: async (message: MailMessage) => void sent.push(message) }));

describe("the sign-in code mail", () => {
  it("keeps today's English", () => {
    expect(signInCodeMail("ada@example.com", "012345", "en")).toEqual({
      to: "ada@example.com",
      subject: "Your Pleazure sign-in code: 012345",
      text: "Your Pleazure sign-in code is: 012345\n\nIt expires in 5 minutes and works once. If you did not ask for it, ignore this message.",
    });
  });

  it("is worded in German and in Arabic, the code as it was drawn (leading zero kept)", () => {
    expect(signInCodeMail("ada@example.com", "012345", "de")).toEqual({
      to: "ada@example.com",
      subject: "Dein Pleazure-Anmeldecode: 012345",
      text: [
        "Dein Pleazure-Anmeldecode lautet: 012345",
        "",
        "Er läuft in 5 Minuten ab und funktioniert nur einmal. Wenn du ihn nicht angefordert hast, ignoriere diese Nachricht.",
      ].join("\n"),
    });
    expect(signInCodeMail("ada@example.com", "012345", "ar")).toEqual({
      to: "ada@example.com",
      subject: "رمز تسجيل الدخول إلى Pleazure: 012345",
      text: [
        "رمز تسجيل الدخول إلى Pleazure هو: 012345",
        "",
        "تنتهي صلاحيته خلال 5 دقائق ويعمل مرة واحدة فقط. إذا لم تطلبه، فتجاهل هذه الرسالة.",
      ].join("\n"),
    });
  });

  it("is sent in the language of the page the code was asked for on, English elsewhere", async () => {
    sent.length = 0;
    await mailingCodesIn("ar", () => sendSignInCode("ada@example.com", "654321"));
    await mailingCodesIn("de", async () => {
      await Promise.resolve(); // the language survives the awaits between the request and the mailer
      await sendSignInCode("ada@example.com", "111111");
    });
    await sendSignInCode("ada@example.com", "222222");
    expect(sent.map((m) => m.subject)).toEqual([
      "رمز تسجيل الدخول إلى Pleazure: 654321",
      "Dein Pleazure-Anmeldecode: 111111",
      "Your Pleazure sign-in code: 222222",
    ]);
  });
});
