import { describe, expect, it } from "vitest";
import { parseEnv } from "../env";
import { connectionsPerWorker } from "./connection-limits";

describe("connection limits from the environment", () => {
  it("has explicit defaults: headers 15 s, request 120 s, keep-alive 5 s, 10,000 connections, 16 streams per client", () => {
    expect(parseEnv({})).toMatchObject({
      HTTP_HEADERS_TIMEOUT_MS: 15_000,
      HTTP_REQUEST_TIMEOUT_MS: 120_000,
      HTTP_KEEP_ALIVE_TIMEOUT_MS: 5_000,
      MAX_CONNECTIONS: 10_000,
      LIVE_STREAMS_PER_CLIENT: 16,
    });
  });

  it.each([
    ["HTTP_HEADERS_TIMEOUT_MS", "0"],
    ["HTTP_HEADERS_TIMEOUT_MS", "-1"],
    ["HTTP_HEADERS_TIMEOUT_MS", "abc"],
    ["HTTP_HEADERS_TIMEOUT_MS", "1.5"],
    ["HTTP_HEADERS_TIMEOUT_MS", "999999999"],
    ["HTTP_REQUEST_TIMEOUT_MS", "0"],
    ["HTTP_REQUEST_TIMEOUT_MS", "Infinity"],
    ["HTTP_KEEP_ALIVE_TIMEOUT_MS", "0"],
    ["HTTP_KEEP_ALIVE_TIMEOUT_MS", "1e12"],
    ["MAX_CONNECTIONS", "0"],
    ["MAX_CONNECTIONS", "-5"],
    ["MAX_CONNECTIONS", "many"],
    ["LIVE_STREAMS_PER_CLIENT", "0"],
    ["LIVE_STREAMS_PER_CLIENT", "NaN"],
  ])("refuses %s=%j at start, naming it", (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(name);
  });

  it("refuses a headers time-out longer than the request time-out (Node would throw later)", () => {
    expect(() => parseEnv({ HTTP_HEADERS_TIMEOUT_MS: "30000", HTTP_REQUEST_TIMEOUT_MS: "20000" })).toThrow(
      "HTTP_HEADERS_TIMEOUT_MS: must not exceed HTTP_REQUEST_TIMEOUT_MS",
    );
    expect(parseEnv({ HTTP_HEADERS_TIMEOUT_MS: "20000", HTTP_REQUEST_TIMEOUT_MS: "20000" }).HTTP_HEADERS_TIMEOUT_MS).toBe(20_000);
  });

  it.each([
    [10_000, 2, 5_000],
    [10_000, 3, 3_334],
    [8, 1, 8],
    [1, 4, 1],
    [5, 0, 5],
  ])("MAX_CONNECTIONS %i over %i workers: each takes %i", (max, workers, each) => {
    expect(connectionsPerWorker(max, workers)).toBe(each);
  });
});
