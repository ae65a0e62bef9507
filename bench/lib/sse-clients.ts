import http from "node:http";

/**
 * K browsers holding the live ad feed (`GET /api/ads/events`, server-sent events) open for the whole load,
 * as pages do: each from an address of its own (the feed allows a few streams per address). A stream counts
 * as held when its first event came and it was still open when the load ended.
 */
export interface SseClients {
  /** Streams that got their first event. */
  connected: () => number;
  /** Streams that ended or failed before close(). */
  dropped: () => number;
  close: () => { connected: number; dropped: number; held: number };
}

/** `firstAddress`: where this group's client addresses start (groups open side by side must not share addresses). */
export async function openSseClients(origin: string, count: number, firstAddress = 0): Promise<SseClients> {
  let connected = 0;
  let dropped = 0;
  let closing = false;
  const requests: http.ClientRequest[] = [];
  const opened = Array.from(
    { length: count },
    (_, i) =>
      new Promise<void>((resolve) => {
        const req = http.get(
          `${origin}/api/ads/events`,
          {
            headers: {
              accept: "text/event-stream",
              cookie: "ageVerified=true",
              "x-forwarded-for": `2001:db8:eeee:${(firstAddress + i).toString(16)}::1`,
            },
          },
          (res) => {
            let first = true;
            if (res.statusCode !== 200) {
              dropped++;
              res.resume();
              return resolve();
            }
            res.on("data", (chunk: Buffer) => {
              if (first && chunk.includes("event: ")) {
                first = false;
                connected++;
                resolve();
              }
            });
            res.on("close", () => {
              if (!closing) dropped++;
              resolve();
            });
          },
        );
        req.on("error", () => {
          if (!closing) dropped++;
          resolve();
        });
        requests.push(req);
      }),
  );
  await Promise.race([Promise.all(opened), new Promise((r) => setTimeout(r, 10_000))]);
  return {
    connected: () => connected,
    dropped: () => dropped,
    close: () => {
      closing = true;
      for (const req of requests) req.destroy();
      return { connected, dropped, held: connected - dropped };
    },
  };
}
