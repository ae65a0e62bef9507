import net from "node:net";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { isDatabaseUnavailableError as isUnavailableError } from "./availability";

const withCode = (code: string, message = "boom") => Object.assign(new Error(message), { code });

describe("isUnavailableError", () => {
  it.each(["ECONNREFUSED", "ECONNRESET", "57P01", "57P02", "57P03", "08000", "08001", "08003", "08004", "08006"])(
    "is true for code %s",
    (code) => {
      expect(isUnavailableError(withCode(code))).toBe(true);
    },
  );

  it.each(["Connection terminated unexpectedly", "Connection terminated due to connection timeout", "Query read timeout"])(
    "is true for the pg message %j",
    (message) => {
      expect(isUnavailableError(new Error(message))).toBe(true);
    },
  );

  it("is true for a library's error whose cause is a connection failure (better-auth's session lookup)", () => {
    const wrapped = new Error("Failed to get session", { cause: new Error("Query read timeout") });
    expect(isUnavailableError(wrapped)).toBe(true);
    expect(isUnavailableError(new Error("Failed to get session", { cause: withCode("23505") }))).toBe(false);
  });

  it("is true for an AggregateError that wraps a refused connection", () => {
    expect(isUnavailableError(new AggregateError([withCode("ECONNREFUSED")], ""))).toBe(true);
  });

  it.each([
    ["a syntax error", withCode("42601", "syntax error at or near")],
    ["a NUL byte in a parameter", withCode("22021", 'invalid byte sequence for encoding "UTF8": 0x00')],
    ["a check violation", withCode("23514")],
    ["a plain error", new Error("Database not initialised")],
    // pg-pool's wait for a free client in a busy pool: overload, not an outage (pool-gate.ts).
    ["a busy pool's queue time-out", new Error("timeout exceeded when trying to connect")],
    ["a non-error", "ECONNREFUSED"],
    ["undefined", undefined],
  ])("is false for %s", (_label, err) => {
    expect(isUnavailableError(err)).toBe(false);
  });

  it("recognises the real error pg gives when nothing listens on the port", async () => {
    // A port that was free a moment ago: nothing listens there now.
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const client = new pg.Client({ host: "127.0.0.1", port, user: "x", database: "x", connectionTimeoutMillis: 2000 });
    const err = await client.connect().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isUnavailableError(err)).toBe(true);
  });
});
