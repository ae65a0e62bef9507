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
