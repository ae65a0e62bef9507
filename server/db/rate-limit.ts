import net from "node:net";
import type pg from "pg";
import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { getPool } from "./connection";

/**
 * Fixed-window rate limits stored in PostgreSQL (rate-limiter-flexible), so every app instance sharing
 * the database shares the counters.
 */

export interface RateLimitRule {
  /** Allowed attempts per window. */
  points: number;
  durationSeconds: number;
}

export type RateLimitDecision = { allowed: true; remaining: number } | { allowed: false; retryAfterMs: number };

export interface RateLimiter {
  /** Counts one attempt for `key`. Rejects only when the store fails. */
  consume(key: string): Promise<RateLimitDecision>;
}

export interface PostgresRateLimiterOptions extends RateLimitRule {
  pool: pg.Pool;
  /** Separates limits that share the table, e.g. "contact". */
  keyPrefix: string;
  tableName?: string;
}

export const RATE_LIMIT_TABLE = "rate_limits";

/** The store's table comes from a migration (0002_rate_limits): the library is told not to create it. */
export function createPostgresRateLimiter(opts: PostgresRateLimiterOptions): RateLimiter {
  return wrap(postgresStore(opts));
}

function postgresStore(opts: PostgresRateLimiterOptions): RateLimiterPostgres {
  return new RateLimiterPostgres({
    storeClient: opts.pool,
    storeType: "pool",
    tableName: opts.tableName ?? RATE_LIMIT_TABLE,
    tableCreated: true,
    keyPrefix: opts.keyPrefix,
    points: opts.points,
    duration: opts.durationSeconds,
  });
}

function wrap(limiter: RateLimiterPostgres): RateLimiter {
  return {
    async consume(key) {
      try {
        const res = await limiter.consume(key);
        return { allowed: true, remaining: res.remainingPoints };
      } catch (rejection) {
        // Over the limit the library rejects with a RateLimiterRes; anything else is a store failure.
        if (rejection instanceof RateLimiterRes) return { allowed: false, retryAfterMs: rejection.msBeforeNext };
        throw rejection;
      }
    },
  };
}

// One limiter (or counter) per pool and prefix: tests swap the app's database per file, production has one pool.
const limiters = new WeakMap<pg.Pool, Map<string, RateLimiter>>();

function perPoolAndPrefix<T>(cache: WeakMap<pg.Pool, Map<string, T>>, pool: pg.Pool, keyPrefix: string, make: () => T): T {
  let byPrefix = cache.get(pool);
  if (!byPrefix) {
    byPrefix = new Map();
    cache.set(pool, byPrefix);
  }
  let made = byPrefix.get(keyPrefix);
  if (!made) {
    made = make();
    byPrefix.set(keyPrefix, made);
  }
  return made;
}

export function sharedRateLimiter(keyPrefix: string, rule: RateLimitRule, pool: pg.Pool = getPool()): RateLimiter {
  return perPoolAndPrefix(limiters, pool, keyPrefix, () => createPostgresRateLimiter({ pool, keyPrefix, ...rule }));
}

/**
 * The bucket for a client address. IPv4-mapped IPv6 (`::ffff:a.b.c.d`, in any spelling: how a dual-stack
 * socket or a proxy may write an IPv4 client) counts as that IPv4 address; other IPv6 addresses are grouped
 * by /64, since one subscriber usually holds a whole /64 and could otherwise rotate addresses freely.
 */
export function ipRateLimitKey(ip: string | null | undefined): string {
  const address = (ip ?? "").trim();
  if (net.isIPv4(address)) return address;
  if (!net.isIPv6(address)) return "unknown";
  const groups = ipv6Groups(address);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/**
 * The network a client address belongs to, wider than its rate-limit key: an IPv4 /24 (`203.0.113.0/24`), an IPv6
 * /48 (`2001:db8:1::/48`, what one site or cloud customer is given), `unknown` for anything else. The report
 * hiding budget counts per network, so one operator's many addresses share one allowance.
 */
export function ipNetworkKey(ip: string | null | undefined): string {
  const key = ipRateLimitKey(ip);
  if (net.isIPv4(key)) return `${key.split(".").slice(0, 3).join(".")}.0/24`;
  if (key === "unknown") return key;
  const groups = ipv6Groups((ip ?? "").trim());
  return `${groups
    .slice(0, 3)
    .map((g) => g.toString(16))
    .join(":")}::/48`;
}

/** The eight 16-bit groups of a valid IPv6 address (zone dropped, `::` filled, an IPv4 tail as two groups). */
function ipv6Groups(address: string): number[] {
  const withoutZone = address.split("%")[0]!;
  const [head = "", tail] = withoutZone.split("::");
  const groupsOf = (part: string) =>
    part
      ? part.split(":").flatMap((g) => {
          if (!g.includes(".")) return [Number.parseInt(g, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = g.split(".").map(Number);
          return [(a << 8) | b, (c << 8) | d];
        })
      : [];
  const left = groupsOf(head);
  const right = tail === undefined ? [] : groupsOf(tail);
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<number>(missing).fill(0), ...right];
}

/** A count of events per key in a fixed window: read without counting, so a lockout can be checked first. */
export interface RateCounter {
  /** Events counted for `key` in its current window (0 when none). */
  read(key: string): Promise<RateCount>;
  /** Counts one event; `count` is this event's number in the window (each number is given out once). */
  add(key: string): Promise<RateCount>;
}

export interface RateCount {
  count: number;
  /** Until the window ends (0 when nothing is counted). */
  msBeforeReset: number;
}

const counters = new WeakMap<pg.Pool, Map<string, RateCounter>>();

/** A counter on the same store and table as the limiters (one per pool and prefix). */
export function sharedRateCounter(keyPrefix: string, rule: RateLimitRule, pool: pg.Pool = getPool()): RateCounter {
  return perPoolAndPrefix(counters, pool, keyPrefix, () => {
    const store = postgresStore({ pool, keyPrefix, ...rule });
    const toCount = (res: RateLimiterRes | null): RateCount =>
      res ? { count: res.consumedPoints, msBeforeReset: Math.max(0, res.msBeforeNext) } : { count: 0, msBeforeReset: 0 };
    return {
      read: async (key) => toCount(await store.get(key)),
      // penalty() adds a point without refusing over the limit; the increment is one atomic upsert.
      add: async (key) => toCount(await store.penalty(key, 1)),
    };
  });
}
