import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AD_EVENTS_PATH } from "../../app/lib/ad-units";
import { useTestDatabase } from "../../tests/support/test-db";
import { connect } from "../db/connection";
import { resetAdConfigurationForTests } from "../realtime/ad-units-feed";
import { startListening } from "../realtime/notifications";
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
  app.all(AD_EVENTS_PATH, adEvents());
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
    http.get(`${origin}${AD_EVENTS_PATH}`, { headers: { "accept-encoding": "br, gzip" } }, resolve).on("error", reject),
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
    const late = await fetch(`${origin}${AD_EVENTS_PATH}`);
    expect(late.status).toBe(503);
    expect(late.headers.get("retry-after")).toBe("5");
    reopenAdEventStreams();
  });

  it("refuses other methods", async () => {
    const res = await fetch(`${origin}${AD_EVENTS_PATH}`, { method: "POST" });
    expect(res.status).toBe(405);
  });
});
