import { z } from "zod";

/** The limits moderation works within (docs/decisions/0040-report-hiding-budget.md, docs/trust-and-safety.md). */
export const moderationSettings = {
  /**
   * The budget on automatic hiding (docs/decisions/0040-report-hiding-budget.md): of the reports whose reason
   * hides an item at once, those of visitors and of accounts not in good standing hide at most
   * REPORT_HIDES_PER_HOUR items an hour site-wide and REPORT_HIDES_PER_NETWORK_PER_HOUR from one network (IPv4
   * /24, IPv6 /48); past either, reports queue without hiding and the admins get one alert for the burst.
   */
  REPORT_HIDES_PER_HOUR: z.coerce.number().int().min(0).max(100_000).default(20),
  REPORT_HIDES_PER_NETWORK_PER_HOUR: z.coerce.number().int().min(0).max(100_000).default(3),
};
