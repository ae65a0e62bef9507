import { AsyncLocalStorage } from "node:async_hooks";
import { DEFAULT_LOCALE, type Locale } from "../../core/locales";
import { site } from "../../core/site";
import { translate } from "../i18n/catalog";
import { type MailMessage, sendMail } from "../mail";
import { CODE_FAILURE_LIMITS, SIGN_IN_CODE } from "./rules";

/**
 * The language of the page a code is being asked for on. better-auth calls the mailer itself (auth.ts, and
 * known-device-codes.ts the same way) with the address and the code only, so email-code.ts runs the request for a
 * code inside `mailingCodesIn(locale, …)` and the mailer reads it here.
 */
const codeLocale = new AsyncLocalStorage<Locale>();

/** Runs `request` so that the sign-in code it mails is worded in `locale`. */
export function mailingCodesIn<T>(locale: Locale, request: () => Promise<T>): Promise<T> {
  return codeLocale.run(locale, request);
}

/** The sign-in code message in `locale`: the code in the subject and the body, so it is readable at a glance. */
export function signInCodeMail(email: string, code: string, locale: Locale): MailMessage {
  const values = { site: site.name, code };
  return {
    to: email,
    subject: translate(locale, "auth", "mailCodeSubject", values),
    text: [
      translate(locale, "auth", "mailCodeIntro", values),
      "",
      translate(locale, "auth", "mailCodeExpiry", { minutes: SIGN_IN_CODE.expiresInSeconds / 60 }),
    ].join("\n"),
  };
}

/** Mails a sign-in code, in the language of the page it was asked for on (English outside `mailingCodesIn`). */
export async function sendSignInCode(email: string, code: string): Promise<void> {
  await sendMail(signInCodeMail(email, code, codeLocale.getStore() ?? DEFAULT_LOCALE));
}

/**
 * The owner's notice when wrong codes lock their address (code-lockout.ts): what happened, that nothing was
 * opened, and how to sign in meanwhile. Sent once per lockout; it carries no code. In English: the request that
 * locks the address is the guesser's, so its page's language says nothing about the owner's.
 */
export async function sendLockoutNotice(email: string, { until, google }: { until: Date; google: boolean }): Promise<void> {
  const when = `${until.toISOString().slice(0, 16).replace("T", " ")} UTC`;
  await sendMail({
    to: email,
    subject: `${site.name}: sign-in codes for your account are paused`,
    text: [
      `Someone entered too many wrong sign-in codes for ${email} at ${site.name} (${CODE_FAILURE_LIMITS.perHour.points} within an hour, or ${CODE_FAILURE_LIMITS.perDay.points} within a day).`,
      "Nobody has signed in with them: a wrong code opens nothing.",
      "",
      `To protect your account, new sign-in codes for this address are paused until about ${when}, except in`,
      "browsers where you have signed in to this account before.",
      "",
      "To sign in now:",
      "- use a browser or device where you signed in before, and ask for a code there as usual;",
      ...(google ? ['- or use "Sign in with Google" with a Google account whose verified address is this one;'] : []),
      `- or wait until ${when} and ask for a code as usual.`,
      "",
      "If it was you who mistyped, there is nothing else to do. You do not need to reply to this message.",
    ].join("\n"),
  });
}
