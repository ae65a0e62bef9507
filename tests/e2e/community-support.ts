import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";

/**
 * Helpers of the likes and comments specs: people signed in through the real e-mail code flow over HTTP
 * (POST /login twice, the code read from the server's outbox), a role set through the users service, a
 * fresh public video per test, and what the database holds for it.
 */

const OUTBOX = path.join(process.env.E2E_DATA_DIR as string, "outbox");

export const uniqueEmail = (tag: string) => `${tag}-${crypto.randomBytes(5).toString("hex")}@example.com`;
/** Each person signs in from an address of their own, so the per-IP sign-in limits never meet. */
export function uniqueIp(): string {
  const [a, b, c] = crypto.randomBytes(3);
  return `10.${a}.${b}.${Math.max(1, c ?? 1)}`;
}

/** The newest sign-in code mailed to `email`, read from the outbox as a person reads the message. */
export async function outboxCode(email: string): Promise<string> {
  for (let tries = 0; tries < 50; tries++) {
    const files = fs.existsSync(OUTBOX) ? fs.readdirSync(OUTBOX).sort().reverse() : [];
    for (const file of files) {
      const text = fs.readFileSync(path.join(OUTBOX, file), "utf8");
      const code = text.includes(`To: ${email}`) ? /sign-in code is: (\d{6})/.exec(text)?.[1] : undefined;
      if (code) return code;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no sign-in code for ${email}`);
}

/** Signs `email` in on `request` (a browser context's request shares its cookies with the pages). */
export async function signInOverHttp(request: APIRequestContext, email: string, ip: string): Promise<void> {
  const headers = { "X-Forwarded-For": ip };
  const asked = await request.post("/login", { form: { intent: "request-code", email, redirectTo: "/" }, headers });
  if (asked.status() >= 400) throw new Error(`code request answered ${asked.status()}`);
  const code = await outboxCode(email);
  const verified = await request.post("/login", {
    form: { intent: "verify-code", email, code, redirectTo: "/" },
    headers,
    maxRedirects: 0,
  });
  if (verified.status() !== 302) throw new Error(`sign-in answered ${verified.status()}`);
}

/** Sets the role (the users service behind `user:role`) and returns the user's id. */
export async function setRole(baseURL: string | undefined, email: string, role: "user" | "creator" | "admin"): Promise<string> {
  const res = await fetch(`${baseURL}/__test/users/role`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, role }),
  });
  if (!res.ok) throw new Error(`role hook answered ${res.status}`);
  const { user } = (await res.json()) as { user: { id: string } | null };
  if (!user) throw new Error(`no user ${email}`);
  return user.id;
}

/** A public video of its own (no media: the page says so), so counts start at 0. */
export async function freshVideo(baseURL: string | undefined): Promise<string> {
  const res = await fetch(`${baseURL}/__test/videos`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ duration: 60 }),
  });
  if (!res.ok) throw new Error(`video hook answered ${res.status}`);
  return ((await res.json()) as { videoId: string }).videoId;
}

export async function seedComments(baseURL: string | undefined, videoId: string, count: number): Promise<void> {
  const res = await fetch(`${baseURL}/__test/comments/seed`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ videoId, count }),
  });
  if (!res.ok) throw new Error(`seed hook answered ${res.status}`);
}

export interface StoredComment {
  id: string;
  user_id: string;
  parent_id: string | null;
  content: string;
  is_deleted: boolean;
}

/** The video's like counter, who likes it, and its comments, read from the database. */
export async function stored(baseURL: string | undefined, videoId: string) {
  const res = await fetch(`${baseURL}/__test/community?videoId=${videoId}`);
  if (!res.ok) throw new Error(`community hook answered ${res.status}`);
  return (await res.json()) as { likes: number; likedBy: string[]; comments: StoredComment[] };
}
