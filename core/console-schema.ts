import { input, plainText } from "./params";
import { z } from "./zod";

/**
 * What the console's dashboard, users and audit-log sections accept (issue 11), shared by the browser-side
 * check and the server. Query parameters a schema refuses are a 400 (parseQuery).
 */

export const ROLES = ["user", "creator", "admin"] as const;
export type ConsoleRole = (typeof ROLES)[number];
export const ROLE_LABELS: Record<ConsoleRole, string> = { user: "User", creator: "Creator", admin: "Admin" };

/** The dashboard's periods in days; 30 when none is given. */
export const PERIODS = ["7", "30", "90"] as const;
export const DEFAULT_PERIOD = 30;
export const dashboardQuery = z.object({
  period: z
    .enum(PERIODS)
    .optional()
    .transform((p) => (p ? (Number(p) as 7 | 30 | 90) : DEFAULT_PERIOD)),
});

/** E-mail addresses are at most 320 characters; a search text longer than that finds nothing anyway. */
const EMAIL_SEARCH_MAX = 320;

export const usersQuery = z.object({
  q: plainText(EMAIL_SEARCH_MAX).optional().default(""),
  page: input.page,
});

const userId = plainText(200).trim().min(1, "Unknown user");

/** The Users section's forms: a role change, or lifting a moderator's ban (issue 22). */
export const roleFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("role"), userId, role: z.enum(ROLES, "Choose user, creator or admin") }),
  z.object({ intent: z.literal("unban"), userId }),
]);

export const auditQuery = z.object({
  page: input.page,
  /** An action or the start of one ("user." or "user.role"). */
  action: plainText(100).optional().default(""),
  /** Part of the actor's e-mail address. */
  actor: plainText(EMAIL_SEARCH_MAX).optional().default(""),
});
