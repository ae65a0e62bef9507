/** Sign-in texts shared by the server (actions) and the page. The first is docs/product.md "Accounts" (verbatim). */
export const AUTH_TEXTS = {
  emailRequired: "You must provide either an email or phone number.",
  emailInvalid: "Please enter a valid email address",
  codeSent: "We sent a 6-digit code to {email}. It expires in 5 minutes.",
  codeRequired: "Enter the 6-digit code from the e-mail.",
  codeInvalid: "That code is not valid: codes work once, so check the e-mail or request a new one.",
  codeExpired: "That code has expired. Please request a new one.",
  codeTooManyAttempts: "Too many wrong codes. Please request a new one.",
  sendFailed: "We could not send the code. Please try again later.",
  signInFailed: "Sign-in failed. Please try again.",
  /** The request-code form's single-use token was missing, spent or expired (server/services/form-token.ts). */
  formUsed: "This sign-in form was already used or is out of date. Please enter your e-mail address again.",
  googleFailed: "Google sign-in could not be completed. Please try again.",
  googleUnavailable: "Google sign-in is not available here.",
} as const;

/** A wait in whole minutes (or seconds under one). */
function waitText(retryAfterMs: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return seconds < 60 ? `${seconds} second${seconds === 1 ? "" : "s"}` : `${Math.ceil(seconds / 60)} minute${seconds <= 60 ? "" : "s"}`;
}

/** 429 text: says when to come back. */
export function tooManyAttempts(retryAfterMs: number): string {
  return `Too many attempts. Please try again in ${waitText(retryAfterMs)}.`;
}

/**
 * 429 text when wrong codes have locked an address (server/auth/code-lockout.ts): says what happened and
 * the ways in that still work. The same for every address, account or not, so it reveals nothing.
 */
export function addressLocked(retryAfterMs: number, googleEnabled: boolean): string {
  return [
    "Too many wrong codes were entered for this address, so for your account's safety no new code can be sent to it here",
    `for ${waitText(retryAfterMs)}. If it is your account, ask for a code in a browser where you have signed in before`,
    googleEnabled ? "or use Sign in with Google." : "or try again later.",
  ].join(" ");
}

export function codeSentText(email: string): string {
  return AUTH_TEXTS.codeSent.replace("{email}", email);
}
