import net from "node:net";

/**
 * A TCP proxy of the tests' own between the app and PostgreSQL (issue 31's fault matrix), on loopback. It
 * passes bytes through until told to fail the link in one of the ways production does:
 *
 * - `refuse()`: the database is gone (stopped, failing over): every open connection is reset and new ones are
 *   refused (the port closes: ECONNREFUSED), until `pass()`.
 * - `stall()`: the database accepts TCP but never answers (a hung server, a black-holed route): new connections
 *   are accepted and open ones kept, but no byte moves either way until `pass()`, when everything held flows on.
 * - `slow(ms)`: every chunk waits `ms` in each direction (a round trip costs 2 × ms more), order kept.
 *
 * `connections()` counts the links open through it (what the app holds to the database from behind it).
 */
export interface TcpProxy {
  port: number;
  /** `url` (a postgres:// URL of the real server) pointed at the proxy instead. */
  via(url: string): string;
  refuse(): Promise<void>;
  stall(): void;
  slow(ms: number): void;
  pass(): Promise<void>;
  connections(): number;
  close(): Promise<void>;
}

type Mode = { kind: "pass" } | { kind: "refuse" } | { kind: "stall" } | { kind: "slow"; ms: number };

interface Link {
  client: net.Socket;
  upstream: net.Socket;
  /** Chunks held while stalled, per direction, replayed in order by pass(). */
  held: { toUpstream: Buffer[]; toClient: Buffer[] };
}

export async function startTcpProxy(target: { host: string; port: number }, port = 0): Promise<TcpProxy> {
  let mode: Mode = { kind: "pass" };
  const links = new Set<Link>();
  let server: net.Server | undefined;

  const forward = (link: Link, direction: "toUpstream" | "toClient", chunk: Buffer) => {
    const to = direction === "toUpstream" ? link.upstream : link.client;
    if (mode.kind === "stall") link.held[direction].push(chunk);
    else if (mode.kind === "slow") {
      const ms = mode.ms;
      setTimeout(() => to.destroyed || to.write(chunk), ms);
    } else if (!to.destroyed) to.write(chunk);
  };

  const accept = (client: net.Socket) => {
    if (mode.kind === "refuse") return void client.resetAndDestroy();
    const upstream = net.connect(target.port, target.host);
    const link: Link = { client, upstream, held: { toUpstream: [], toClient: [] } };
    links.add(link);
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    client.on("data", (chunk) => forward(link, "toUpstream", chunk));
    upstream.on("data", (chunk) => forward(link, "toClient", chunk));
    const end = () => {
      if (!links.delete(link)) return;
      client.destroy();
      upstream.destroy();
    };
    for (const socket of [client, upstream]) {
      socket.on("error", end);
      socket.on("close", end);
    }
  };

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = net.createServer(accept);
      s.once("error", reject);
      s.listen(port, "127.0.0.1", () => {
        server = s;
        port = (s.address() as net.AddressInfo).port;
        resolve();
      });
    });
  const closeServer = () =>
    new Promise<void>((resolve) => {
      const s = server;
      server = undefined;
      if (!s) return resolve();
      s.close(() => resolve());
    });

  await listen();
  return {
    get port() {
      return port;
    },
    via(url) {
      const u = new URL(url);
      u.hostname = "127.0.0.1";
      u.port = String(port);
      return u.toString();
    },
    async refuse() {
      mode = { kind: "refuse" };
      for (const link of [...links]) {
        link.client.resetAndDestroy();
        link.upstream.destroy();
      }
      await closeServer();
    },
    stall() {
      mode = { kind: "stall" };
    },
    slow(ms) {
      mode = { kind: "slow", ms };
    },
    async pass() {
      mode = { kind: "pass" };
      for (const link of links) {
        for (const chunk of link.held.toUpstream.splice(0)) link.upstream.write(chunk);
        for (const chunk of link.held.toClient.splice(0)) link.client.write(chunk);
      }
      // The same port again: the app's DATABASE_URL stays valid, as a failed-over database keeps its address.
      if (!server) await listen();
    },
    connections: () => links.size,
    async close() {
      for (const link of [...links]) {
        link.client.destroy();
        link.upstream.destroy();
      }
      links.clear();
      await closeServer();
    },
  };
}
