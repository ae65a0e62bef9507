import { site } from "../../app/lib/site";
import { sendMail } from "../mail";
import { SIGN_IN_CODE } from "./rules";

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
