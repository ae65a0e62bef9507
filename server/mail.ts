import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { dataDir, env } from "./env";
import { logger } from "./logger";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/**
 * Sends a message: through SMTP when SMTP_URL is set, else into DATA_DIR/outbox/ (one file per message,
 * plain text, so local use and tests work offline: docs/product.md "Accounts"). Either way one log line says where it went.
 */
export async function sendMail(message: MailMessage): Promise<void> {
  const smtpUrl = env().SMTP_URL;
  if (smtpUrl) {
    const info = await transport(smtpUrl).sendMail({ from: env().MAIL_FROM, to: message.to, subject: message.subject, text: message.text });
    logger.info({ to: message.to, subject: message.subject, messageId: info.messageId }, "mail sent over SMTP");
    return;
  }
  const file = await writeToOutbox(message);
  logger.info({ to: message.to, subject: message.subject, file }, "mail written to the outbox (SMTP_URL is not set)");
}

export function outboxDir(): string {
  return path.join(dataDir(), "outbox");
}

async function writeToOutbox(message: MailMessage): Promise<string> {
  const dir = outboxDir();
  await fs.mkdir(dir, { recursive: true });
  // Sortable by time, unique across worker processes.
  const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${crypto.randomBytes(4).toString("hex")}.txt`);
  const body = [`From: ${env().MAIL_FROM}`, `To: ${message.to}`, `Subject: ${message.subject}`, "", message.text, ""].join("\n");
  await fs.writeFile(file, body, { mode: 0o600 });
  return file;
}

// One pooled transport per SMTP address (tests start their own server on loopback).
const transports = new Map<string, Transporter>();

function transport(url: string): Transporter {
  let existing = transports.get(url);
  if (!existing) {
    existing = nodemailer.createTransport(url);
    transports.set(url, existing);
  }
  return existing;
}
