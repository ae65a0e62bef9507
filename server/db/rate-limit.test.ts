import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/support/test-db";
import { createPostgresRateLimiter, ipNetworkKey, ipRateLimitKey, RATE_LIMIT_TABLE, sharedRateLimiter } from "./rate-limit";

const { handle } = useTestDatabase();

describe("PostgreSQL-backed rate limiter", () => {
  it("allows 5 attempts per window, refuses the 6th with the time left, keeps IPs independent", async () => {
    const limiter = createPostgresRateLimiter({ pool: handle().pool, keyPrefix: "t1", points: 5, durationSeconds: 600 });
    for (let i = 0; i < 5; i++) expect(await limiter.consume("10.0.0.1")).toEqual({ allowed: true, remaining: 4 - i });
    const refused = await limiter.consume("10.0.0.1");
    expect(refused.allowed).toBe(false);
    if (!refused.allowed) {
      expect(refused.retryAfterMs).toBeGreaterThan(590_000);
      expect(refused.retryAfterMs).toBeLessThanOrEqual(600_000);
    }
    expect(await limiter.consume("10.0.0.2")).toEqual({ allowed: true, remaining: 4 });
  });

  it("shares counters between limiter instances on the same database (several app instances)", async () => {
    const opts = { pool: handle().pool, keyPrefix: "t2", points: 2, durationSeconds: 600 };
    const [a, b] = [createPostgresRateLimiter(opts), createPostgresRateLimiter(opts)];
    expect((await a.consume("ip")).allowed).toBe(true);
    expect((await b.consume("ip")).allowed).toBe(true);
    expect((await a.consume("ip")).allowed).toBe(false);
    const rows = await handle().pool.query(`SELECT key, points FROM ${RATE_LIMIT_TABLE} WHERE key = 't2:ip'`);
    expect(rows.rows).toEqual([{ key: "t2:ip", points: 3 }]);
  });

  it("counts concurrent attempts exactly (atomic upsert)", async () => {
    const limiter = createPostgresRateLimiter({ pool: handle().pool, keyPrefix: "t3", points: 5, durationSeconds: 600 });
    const results = await Promise.all(Array.from({ length: 12 }, () => limiter.consume("burst")));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
  });

  it("starts a new window once the old one has passed", async () => {
    const limiter = createPostgresRateLimiter({ pool: handle().pool, keyPrefix: "t4", points: 1, durationSeconds: 1 });
    expect((await limiter.consume("ip")).allowed).toBe(true);
    expect((await limiter.consume("ip")).allowed).toBe(false);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await limiter.consume("ip")).allowed).toBe(true);
  });

  it("reuses one limiter per pool and prefix", async () => {
    const rule = { points: 5, durationSeconds: 60 };
    expect(sharedRateLimiter("t5", rule, handle().pool)).toBe(sharedRateLimiter("t5", rule, handle().pool));
    expect(sharedRateLimiter("t5", rule)).toBe(sharedRateLimiter("t5", rule, handle().pool));
  });

  it("issues no DDL: the table comes from the migrations", async () => {
    await handle().pool.query(`ALTER TABLE ${RATE_LIMIT_TABLE} RENAME TO rate_limits_parked`);
    try {
      createPostgresRateLimiter({ pool: handle().pool, keyPrefix: "t7", points: 5, durationSeconds: 60 });
      const table = await handle().pool.query(`SELECT to_regclass('${RATE_LIMIT_TABLE}') AS t`);
      expect(table.rows).toEqual([{ t: null }]);
    } finally {
      await handle().pool.query(`ALTER TABLE rate_limits_parked RENAME TO ${RATE_LIMIT_TABLE}`);
    }
  });

  it("rejects (rather than allowing) when the store fails", async () => {
    const limiter = createPostgresRateLimiter({ pool: handle().pool, keyPrefix: "t6", points: 5, durationSeconds: 60 });
    await handle().pool.query(`ALTER TABLE ${RATE_LIMIT_TABLE} RENAME TO rate_limits_away`);
    try {
      await expect(limiter.consume("ip")).rejects.toThrow();
    } finally {
      await handle().pool.query(`ALTER TABLE rate_limits_away RENAME TO ${RATE_LIMIT_TABLE}`);
    }
  });
});

describe("rate-limit key for a client address", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    // IPv4-mapped in every spelling a socket or a proxy may use: the IPv4 client's own bucket.
    ["::FFFF:203.0.113.7", "203.0.113.7"],
    ["0:0:0:0:0:ffff:203.0.113.7", "203.0.113.7"],
    ["0000:0000:0000:0000:0000:FFFF:203.0.113.7", "203.0.113.7"],
    ["::ffff:cb00:7107", "203.0.113.7"],
    ["0:0:0:0:0:ffff:cb00:7107", "203.0.113.7"],
    [" 203.0.113.7 ", "203.0.113.7"],
    // Not mapped: ::ffff:0:a.b.c.d (translated) and ::a.b.c.d (compatible) stay IPv6.
    ["::ffff:0:203.0.113.7", "0:0:0:0::/64"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:db8:1:2:ffff::1", "2001:db8:1:2::/64"],
    ["2001:DB8:0001:0002::", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["2001:0db8:0001:0002:0000:0000:0000:0009", "2001:db8:1:2::/64"],
    ["2001:db8:1:2::198.51.100.7", "2001:db8:1:2::/64"],
    ["::1", "0:0:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    [null, "unknown"],
    ["", "unknown"],
    ["not an ip", "unknown"],
  ])("%j -> %s", (ip, key) => {
    expect(ipRateLimitKey(ip)).toBe(key);
  });
});

describe("ipNetworkKey", () => {
  it.each([
    ["203.0.113.7", "203.0.113.0/24"],
    ["203.0.113.250", "203.0.113.0/24"],
    ["::ffff:203.0.113.7", "203.0.113.0/24"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1::/48"],
    ["2001:db8:1:ffff::1", "2001:db8:1::/48"],
    ["2001:db8:2::1", "2001:db8:2::/48"],
    [null, "unknown"],
    ["not an ip", "unknown"],
  ])("%j -> %s", (ip, key) => {
    expect(ipNetworkKey(ip)).toBe(key);
  });
});
