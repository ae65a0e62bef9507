import { z } from "zod";
import { optionalText } from "./values";

/** Outgoing mail: over SMTP, or into DATA_DIR/outbox when none is configured (server/mail.ts, docs/operations.md). */
export const mailSettings = {
  /** Outgoing mail (sign-in codes): smtp(s)://user:pass@host:port; unset: one file per message in DATA_DIR/outbox. */
  SMTP_URL: optionalText().pipe(z.string().url().optional()),
  MAIL_FROM: z.string().default("Pleazure <no-reply@pleazure.local>"),
};
