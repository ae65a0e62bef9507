import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { gracefulServer } from "./http-server";

const LIMITS = { headersTimeoutMs: 5_000, requestTimeoutMs: 10_000, keepAliveTimeoutMs: 5_000, maxConnections: 10 };

describe("gracefulServer", () => {
  const closers: (() => void)[] = [];
  afterEach(() => {
    for (const close of closers.splice(0)) close();
  });

  /** A loopback listener that hands its connections to `accept`, as the primary does; resolves the raw answer to one request. */
  const ask = async (accept: (socket: net.Socket) => void): Promise<string> => {
    const listener = net.createServer(accept);
    await new Promise<void>((r) => listener.listen(0, "127.0.0.1", r));
    closers.push(() => listener.close());
    const port = (listener.address() as net.AddressInfo).port;
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, "127.0.0.1", () => socket.write("GET / HTTP/1.1\r\nHost: x\r\n\r\n"));
      let text = "";
      socket.on("data", (chunk) => {
        text += chunk.toString("latin1");
        if (text.includes("\r\n\r\nok")) {
          socket.destroy();
          resolve(text);
        }
      });
      socket.on("error", reject);
    });
  };

  it("closes after a response sent while draining, also when the handler answers at once (page-cache hits)", async () => {
    const { accept, drain } = gracefulServer((_req, res) => res.end("ok"), LIMITS);
    expect(await ask(accept)).toMatch(/\r\nConnection: keep-alive\r\n/i);
    void drain(1_000);
    expect(await ask(accept)).toMatch(/\r\nConnection: close\r\n/i);
  });
});
