import { z } from "zod";
import { addressOrRange, optionalText } from "./values";

/**
 * Who may read the metrics, and where the separate job worker answers them (server/http/operations.ts,
 * docs/decisions/0022-operations-endpoints.md, docs/operations.md "Endpoints").
 */

function metricsAllowItem(item: string): boolean {
  return item === "loopback" || item === "any" || item === "none" || addressOrRange(item);
}

/** METRICS_ALLOW: the address rules, or undefined when unset (the default depends on METRICS_TOKEN). */
export function metricsAllowSchema() {
  return optionalText().transform((v, ctx) => {
    if (v === undefined) return undefined;
    const items = v
      .split(",")
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean);
    for (const item of items) {
      if (!metricsAllowItem(item))
        ctx.addIssue({ code: "custom", message: `"${item}" is not loopback, any, none, an IP address or a CIDR range` });
    }
    if (items.length > 1 && items.some((i) => i === "none" || i === "any")) {
      ctx.addIssue({ code: "custom", message: "`none` and `any` stand alone" });
    }
    return items;
  });
}

export const metricsSettings = {
  /**
   * Who may read GET /metrics (server/http/operations.ts); refused requests get the 404 of an unknown path.
   * METRICS_TOKEN: when set, a request must carry `Authorization: Bearer <token>`. METRICS_ALLOW: the peer
   * addresses allowed, comma-separated: `loopback`, IP addresses, CIDR ranges (10.0.0.0/8), or `any`; default
   * `loopback` without a token and `any` with one; `none` turns the endpoint off. A proxied request (it
   * carries X-Forwarded-For, Forwarded or X-Real-IP) never counts as loopback.
   */
  METRICS_TOKEN: optionalText().pipe(z.string().min(16, "must be at least 16 characters").optional()),
  /**
   * `npm run worker` only: when set, the worker answers /healthz, /readyz and /metrics (its job durations,
   * process metrics; METRICS_ALLOW and METRICS_TOKEN apply) on HOST at this port. Unset: it listens on nothing.
   */
  WORKER_METRICS_PORT: optionalText().pipe(z.coerce.number<string | undefined>().int().min(1).max(65535).optional()),
  METRICS_ALLOW: metricsAllowSchema(),
};
