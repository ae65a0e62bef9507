import fs from "node:fs";
import path from "node:path";

/** The messages to `to` in an outbox folder (server/mail.ts writes one file per message), oldest first. */
export function mailsTo(dir: string, to: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((f) => fs.readFileSync(path.join(dir, f), "utf8"))
    .filter((m) => m.includes(`To: ${to}\n`));
}
