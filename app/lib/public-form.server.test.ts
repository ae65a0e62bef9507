import { beforeAll, describe, expect, it } from "vitest";
import { FORM_TOKEN_FIELD } from "~core/contact-schema";
import { plainText } from "~core/params";
import { z } from "~core/zod";
import { translate } from "../../server/i18n/catalog";
import { checkFormToken, issueFormToken } from "../../server/services/form-token";
import { formRefusal, publicForm } from "./public-form.server";

beforeAll(() => {
  // A fixed key so the test never writes DATA_DIR/secret.key (env() is read lazily, after this).
  process.env.APP_SECRET = "public-form-test-secret-0123456789abcdef";
});

const schema = z.object({ name: plainText(100).default(""), [FORM_TOKEN_FIELD]: plainText(500).default("") });
const UNREADABLE = "Your message could not be sent.";
const options = { schema, values: (form?: { name: string }) => ({ name: form?.name ?? "" }), unreadable: UNREADABLE };

function post(body: BodyInit, type = "application/x-www-form-urlencoded", method = "POST") {
  return new Request("http://localhost/contact", { method, body, headers: { "Content-Type": type } });
}

describe("publicForm: the start of the contact, takedown and report actions", () => {
  it("answers 405 with Allow to another method", async () => {
    const thrown = await publicForm(post("", undefined, "PUT"), options).catch((e: unknown) => e);
    expect(thrown).toMatchObject({ init: { status: 405, headers: { Allow: "GET, HEAD, POST" } } });
  });

  it("reads the form, and answers one it cannot read with the form's own message and the body's status", async () => {
    const read = await publicForm(post(new URLSearchParams({ name: "Ada" })), options);
    expect(read.form).toEqual({ name: "Ada", [FORM_TOKEN_FIELD]: "" });
    const json = await publicForm(post("{}", "application/json"), options);
    expect(json.form).toBeUndefined();
    expect(json.failed(json.unread)).toMatchObject({
      data: { state: "failed", errors: {}, message: UNREADABLE, values: { name: "" } },
      init: { status: 415 },
    });
    const repeated = await publicForm(post("name=a&name=b"), options);
    expect(repeated.failed(repeated.unread).init).toMatchObject({ status: 400 });
  });

  it("answers a refusal with its status, headers and field messages, the typed values kept", async () => {
    const { failed } = await publicForm(post(new URLSearchParams({ name: "Ada" })), options);
    expect(failed(formRefusal({ status: "rate-limited", retryAfterMs: 1500 }, "en", () => "Later."))).toMatchObject({
      data: { state: "failed", message: "Later.", values: { name: "Ada" } },
      init: { status: 429, headers: { "Retry-After": "2" } },
    });
    const invalid = failed(formRefusal({ status: "invalid", errors: { name: "Too short" } }, "en", () => ""));
    expect(invalid.data).toEqual({ state: "failed", errors: { name: "Too short" }, message: null, values: { name: "Ada" } });
  });

  it("words its messages in the page's language: the token's, and the form's own rate limit in whole minutes", () => {
    const contact = (locale: "en" | "de" | "ar", retryAfterMs: number) =>
      formRefusal({ status: "rate-limited", retryAfterMs }, locale, (minutes) => translate(locale, "contact", "rateLimited", { minutes }))
        .message;
    expect(contact("en", 599_000)).toBe("Too many messages. Please try again in 10 minutes.");
    expect(contact("en", 30_000)).toBe("Too many messages. Please try again in 1 minute.");
    expect(contact("en", 0)).toBe("Too many messages. Please try again in 1 minute.");
    expect(contact("de", 599_000)).toBe("Zu viele Nachrichten. Bitte versuche es in 10 Minuten erneut.");
    expect(contact("ar", 120_000)).toBe("رسائل كثيرة جدًا. يُرجى المحاولة مرة أخرى بعد دقيقتين.");
    expect(formRefusal({ status: "token-expired" }, "en", () => "").message).toBe(
      "This form has expired. Your text is still here: please send it again.",
    );
    expect(formRefusal({ status: "token-invalid" }, "en", () => "").message).toBe(
      "We could not verify this form. Please wait a few seconds and send it again.",
    );
    expect(formRefusal({ status: "token-used" }, "de", () => "")).toMatchObject({
      status: 409,
      message:
        "Dieses Formular wurde bereits einmal gesendet. Dein Text ist noch da: Um ihn erneut zu senden, sende das Formular noch einmal.",
    });
  });

  it("renews the form's token in every failure when asked, a spent one back-dated so it can be sent at once", async () => {
    const token = issueFormToken(Date.now());
    const { failed } = await publicForm(post(new URLSearchParams({ name: "Ada", [FORM_TOKEN_FIELD]: token })), {
      ...options,
      renewToken: {},
    });
    expect(failed({ status: 400 }).data.formToken).toBe(token); // still usable: kept
    const fresh = failed({ status: 409 }, true).data.formToken;
    expect(fresh).not.toBe(token);
    expect(checkFormToken(fresh, Date.now()).status).toBe("ok"); // not too fast: the minimum fill time is behind it
  });
});
