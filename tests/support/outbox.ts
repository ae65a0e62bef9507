import fs from "node:fs";
import path from "node:path";

/** The messages in an outbox folder (server/mail.ts writes one file per message) that contain `text`, oldest first. */
export function mailsMentioning(dir: string, text: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((f) => fs.readFileSync(path.join(dir, f), "utf8"))
    .filter((m) => m.includes(text));
}

/** The messages to `to` in an outbox folder, oldest first. */
export function mailsTo(dir: string, to: string): string[] {
  return mailsMentioning(dir, `To: ${to}\n`);
}

/** The sign-in code a mail carries: the six digits that end its subject, in every language; undefined in any other mail. */
export function signInCode(message: string): string | undefined {
  return /^Subject: .*?(\d{6})$/m.exec(message)?.[1];
}

/**
 * The newest sign-in code mailed to `to` in any of `outboxes` (several app instances: whichever sent it), waiting up
 * to 10 s for it. Messages in `skip` are passed over and the one read is added, so a second sign-in never takes the
 * first one's code.
 */
export async function awaitSignInCode(outboxes: readonly string[], to: string, skip?: Set<string>): Promise<string> {
  for (let tries = 0; tries < 100; tries++) {
    for (const dir of outboxes) {
      // Newest first: a data dir kept from an earlier run holds that run's codes too.
      for (const file of fs.existsSync(dir) ? fs.readdirSync(dir).sort().reverse() : []) {
        const message = path.join(dir, file);
        if (skip?.has(message)) continue;
        const text = fs.readFileSync(message, "utf8");
        const code = text.includes(`To: ${to}`) ? signInCode(text) : undefined;
        if (code) {
          skip?.add(message);
          return code;
        }
      }
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no sign-in code for ${to} in ${outboxes.join(", ")}`);
}

/** The newest sign-in code mailed to `to` in an outbox folder; throws when there is none. */
export function lastSignInCode(dir: string, to: string): string {
  const code = mailsTo(dir, to).map(signInCode).filter(Boolean).at(-1);
  if (!code) throw new Error(`no sign-in code mailed to ${to} in ${dir}`);
  return code;
}
