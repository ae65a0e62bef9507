import { describe, expect, it } from "vitest";
import { waitOf } from "../../core/auth-texts";
import { translate } from "../i18n/catalog";

const LOCKED_GOOGLE =
  "Too many wrong codes were entered for this address, so for your account's safety no new code can be sent to it here for 15 minutes. If it is your account, ask for a code in a browser where you have signed in before or use Sign in with Google.";

describe("the sign-in wait texts", () => {
  it("wait whole seconds under a minute, else whole minutes rounded up", () => {
    expect(waitOf(0)).toEqual({ unit: "second", count: 1 });
    expect(waitOf(1_500)).toEqual({ unit: "second", count: 2 });
    expect(waitOf(59_000)).toEqual({ unit: "second", count: 59 });
    expect(waitOf(60_000)).toEqual({ unit: "minute", count: 1 });
    expect(waitOf(60_001)).toEqual({ unit: "minute", count: 2 });
  });

  it("keep today's English", () => {
    const attempts = (ms: number) => translate("en", "auth", "tooManyAttempts", waitOf(ms));
    expect(attempts(1_000)).toBe("Too many attempts. Please try again in 1 second.");
    expect(attempts(30_000)).toBe("Too many attempts. Please try again in 30 seconds.");
    expect(attempts(60_000)).toBe("Too many attempts. Please try again in 1 minute.");
    expect(attempts(9 * 60_000 + 1)).toBe("Too many attempts. Please try again in 10 minutes.");
    expect(translate("en", "auth", "addressLocked", { ...waitOf(15 * 60_000), google: "yes" })).toBe(LOCKED_GOOGLE);
    expect(translate("en", "auth", "addressLocked", { ...waitOf(15 * 60_000), google: "no" })).toBe(
      LOCKED_GOOGLE.replace("or use Sign in with Google.", "or try again later."),
    );
  });

  it("are worded in German and Arabic, with Arabic's plural forms", () => {
    expect(translate("de", "auth", "tooManyAttempts", waitOf(60_000))).toBe("Zu viele Versuche. Bitte versuche es in 1 Minute erneut.");
    expect(translate("de", "auth", "tooManyAttempts", waitOf(5_000))).toBe("Zu viele Versuche. Bitte versuche es in 5 Sekunden erneut.");
    const ar = (ms: number) => translate("ar", "auth", "tooManyAttempts", waitOf(ms));
    expect(ar(60_000)).toBe("محاولات كثيرة جدًا. يُرجى المحاولة مرة أخرى بعد دقيقة واحدة.");
    expect(ar(2 * 60_000)).toBe("محاولات كثيرة جدًا. يُرجى المحاولة مرة أخرى بعد دقيقتين.");
    expect(ar(3 * 60_000)).toBe("محاولات كثيرة جدًا. يُرجى المحاولة مرة أخرى بعد 3 دقائق.");
    expect(ar(15 * 60_000)).toBe("محاولات كثيرة جدًا. يُرجى المحاولة مرة أخرى بعد 15 دقيقة.");
    expect(translate("ar", "auth", "addressLocked", { ...waitOf(10_000), google: "yes" })).toContain(
      "لمدة 10 ثوانٍ. إن كان هذا حسابك، فاطلب رمزًا من متصفح سبق أن سجّلت الدخول منه أو استخدم «تسجيل الدخول باستخدام Google».",
    );
  });
});
