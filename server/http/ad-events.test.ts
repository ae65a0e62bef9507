import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paths } from "../../core/paths";
import { useTestDatabase } from "../../tests/support/test-db";
import { connect } from "../db/connection";
import { startListening } from "../realtime/notifications";
import { resetAdConfigurationForTests } from "../services/ad-units-feed";
import { adEvents, closeAdEventStreams, openAdEventStreams, reopenAdEventStreams } from "./ad-events";
import { compressResponses } from "./compression";

/**
 * The live ad feed end to end inside one process: a change made through another connection (as another
 * worker or instance would) fires the table's trigger, the listener re-reads the units, and the SSE
 * stream (behind the real compression middleware) delivers the full state at once.
 */
const { handle } = useTestDatabase();
let server: http.Server;
let origin: string;
let stopListening: (() => Promise<void>) | undefined;

beforeAll(async () => {
  resetAdConfigurationForTests();
  await handle()
    .db.insertInto("ad_units")
    .values({ name: "Med_Rect_2", zone_id: "9", location: "sidebar", is_active: true, updated_at: new Date() })
    .execute();
  stopListening = await startListening(handle().url);
  const app = express();
  app.use(compressResponses());
  app.all(paths.api.adEvents(), adEvents());
  server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  closeAdEventStreams();
  server?.close();
  await stopListening?.();
});

/** Reads SSE events from a stream as they arrive. */
function eventReader(res: http.IncomingMessage) {
  const events: { event: string; data: string }[] = [];
  let buffer = "";
  res.setEncoding("utf8");
  res.on("data", (chunk: string) => {
    buffer += chunk;
    let end = buffer.indexOf("\n\n");
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (event && data) events.push({ event, data });
      end = buffer.indexOf("\n\n");
    }
  });
  return events;
}

async function until(check: () => boolean, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error("not in time");
    await new Promise((r) => setTimeout(r, 10));
  }
}

function open(): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) =>
    http.get(`${origin}${paths.api.adEvents()}`, { headers: { "accept-encoding": "br, gzip" } }, resolve).on("error", reject),
  );
}

describe("GET /api/ads/events", () => {
  it("sends the full state on connect and every change within a second, uncompressed; ends on shutdown", async () => {
    const res = await open();
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/event-stream");
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.headers.connection).toBe("close");
    const events = eventReader(res);
    await until(() => events.length === 1, 2_000);
    expect(JSON.parse(events[0]?.data ?? "")).toMatchObject({ Med_Rect_2: { isActive: true, zoneId: "9" } });

    // Another connection: what a toggle in another worker or app instance looks like from here.
    const other = connect(handle().url, 1);
    const started = Date.now();
    await other.db.updateTable("ad_units").set({ is_active: false }).where("name", "=", "Med_Rect_2").execute();
    await until(() => events.length === 2, 1_000);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(JSON.parse(events[1]?.data ?? "")).toMatchObject({ Med_Rect_2: { isActive: false } });
    await other.close();

    const ended = new Promise((r) => res.once("end", r));
    expect(openAdEventStreams()).toBe(1);
    closeAdEventStreams();
    await ended;
    expect(openAdEventStreams()).toBe(0);
    // A reconnect arriving while the process drains (over a kept-alive socket) is turned away, not held open.
    const late = await fetch(`${origin}${paths.api.adEvents()}`);
    expect(late.status).toBe(503);
    expect(late.headers.get("retry-after")).toBe("5");
    reopenAdEventStreams();
  });

  it("refuses other methods", async () => {
    const res = await fetch(`${origin}${paths.api.adEvents()}`, { method: "POST" });
    expect(res.status).toBe(405);
  });
});

describe("GET /api/ads/events per client address", () => {
  const PER_CLIENT = 2;
  let capped: http.Server;
  let cappedOrigin: string;
  const streams: http.IncomingMessage[] = [];

  beforeAll(async () => {
    const app = express();
    app.set("trust proxy", "loopback"); // X-Forwarded-For stands for the client address, as behind a proxy
    app.all(paths.api.adEvents(), adEvents({ perClient: PER_CLIENT }));
    capped = app.listen(0, "127.0.0.1");
    await new Promise((r) => capped.once("listening", r));
    cappedOrigin = `http://127.0.0.1:${(capped.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const s of streams) s.destroy();
    capped?.close();
  });

  /** Opens a stream as `ip`; a refused one is read to the end. */
  function openAs(ip: string, method = "GET"): Promise<http.IncomingMessage> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        `${cappedOrigin}${paths.api.adEvents()}`,
        { method, headers: { "x-forwarded-for": ip }, agent: false },
        (res) => {
          if (res.statusCode === 200 && method === "GET") streams.push(res);
          else res.resume();
          resolve(res);
        },
      );
      req.on("error", reject).end();
    });
  }

  async function closeOne(res: http.IncomingMessage): Promise<void> {
    const before = openAdEventStreams();
    res.destroy();
    await until(() => openAdEventStreams() === before - 1, 2_000);
  }

  it("a burst from one address gets exactly its share; the rest 429 + Retry-After at once", async () => {
    const burst = await Promise.all(Array.from({ length: 8 }, () => openAs("203.0.113.7")));
    const statuses = burst.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 200, 429, 429, 429, 429, 429, 429]);
    for (const refused of burst.filter((r) => r.statusCode === 429)) expect(refused.headers["retry-after"]).toBe("30");
    for (const stream of burst.filter((r) => r.statusCode === 200)) await closeOne(stream);
  });

  // Each row: addresses that open the client's whole share, then one more address counted as the same client.
  it.each([
    ["IPv4, then the same address IPv4-mapped", ["203.0.113.9", "203.0.113.9"], "::ffff:203.0.113.9"],
    ["IPv6 addresses in one /64", ["2001:db8:1:2::1", "2001:db8:1:2:ffff::9"], "2001:db8:1:2:abcd:ef01:2345:6789"],
    ["IPv6 written long and short", ["2001:0db8:0001:0002:0000:0000:0000:0001", "2001:db8:1:2::2"], "2001:db8:1:2::3"],
  ])("%s: one client, refused past its share while other clients still connect", async (_label, share, sameClient) => {
    const opened = [];
    for (const ip of share) {
      const res = await openAs(ip);
      expect(res.statusCode, ip).toBe(200);
      opened.push(res);
    }
    const over = await openAs(sameClient);
    expect(over.statusCode, sameClient).toBe(429);
    expect(over.headers["retry-after"]).toBe("30");
    expect((await openAs(sameClient, "HEAD")).statusCode).toBe(429);
    // Another IPv4 address and the next /64 are other clients.
    for (const other of ["198.51.100.1", "2001:db8:1:3::1"]) {
      const res = await openAs(other);
      expect(res.statusCode, other).toBe(200);
      await closeOne(res);
    }
    // A closed page frees its slot.
    await closeOne(opened[0] as http.IncomingMessage);
    const again = await openAs(sameClient);
    expect(again.statusCode).toBe(200);
    await closeOne(again);
    await closeOne(opened[1] as http.IncomingMessage);
  });
});
