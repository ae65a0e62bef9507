import { site } from "../../core/site";
import { sendMail } from "../mail";
import { CODE_FAILURE_LIMITS, SIGN_IN_CODE } from "./rules";

/** The sign-in code message: the code in the subject and the body, so it is readable at a glance. */
export async function sendSignInCode(email: string, code: string): Promise<void> {
  await sendMail({
    to: email,
    subject: `Your ${site.name} sign-in code: ${code}`,
    text: [
      `Your ${site.name} sign-in code is: ${code}`,
      "",
      `It expires in ${SIGN_IN_CODE.expiresInSeconds / 60} minutes and works once. If you did not ask for it, ignore this message.`,
    ].join("\n"),
  });
}

/**
 * The owner's notice when wrong codes lock their address (code-lockout.ts): what happened, that nothing was
 * opened, and how to sign in meanwhile. Sent once per lockout; it carries no code.
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
