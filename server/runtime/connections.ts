import type { Worker } from "node:cluster";
import net from "node:net";
import type { PrimaryMessage } from "../cluster/signals";

/** Connections the primary keeps while no worker serves (start-up, or every worker died); more are closed. */
const MAX_WAITING = 1_000;

/**
 * The primary's listening socket. It accepts every connection and hands it, unread, to the next web
 * worker in turn (round robin, like node:cluster's default). Owning the socket lets a stop close it
 * before any worker stops: new connections are refused at once, and every connection already accepted
 * reaches a worker that still answers it (a worker gets its stop message after them: the IPC channel
 * keeps order). node:cluster's shared listener instead closes only when the last worker stops
 * listening, and then resets the connections it had accepted but not yet handed over
 * (docs/decisions/0006). The connection cap and the time-outs are the workers' (http/http-server.ts, each
 * takes its share of MAX_CONNECTIONS): a connection leaves the primary as soon as it is handed over.
 */
export class ConnectionHub {
  // noDelay as http.Server sets it on the sockets it accepts (the option stays with the socket).
  readonly server = net.createServer({ pauseOnConnect: true, noDelay: true }, (socket) => this.hand(socket));
  private live: Worker[] = [];
  /** Accepted while no worker serves (start-up, or every worker died): handed over when one does. */
  private waiting: net.Socket[] = [];
  private turn = 0;

  listen(port: number, host: string): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.once("error", reject);
      this.server.listen({ port, host }, () => {
        this.server.off("error", reject);
        resolve((this.server.address() as net.AddressInfo).port);
      });
    });
  }

  /** The worker is ready for connections. */
  add(worker: Worker): void {
    this.live.push(worker);
    for (const socket of this.waiting.splice(0)) this.hand(socket);
  }

  /** The worker gets no more connections (those already sent still reach it). */
  remove(worker: Worker): void {
    this.live = this.live.filter((w) => w !== worker);
  }

  /** The workers that take connections now. */
  get serving(): Worker[] {
    return this.live.filter((w) => w.isConnected());
  }

  /** Stops accepting: connections from now on are refused. */
  close(): void {
    this.server.close();
  }

  /** Connections that never reached a worker (none serves): closed as the primary exits. */
  dropWaiting(): void {
    for (const socket of this.waiting.splice(0)) socket.destroy();
  }

  private hand(socket: net.Socket): void {
    const live = this.serving;
    const worker = live[this.turn++ % Math.max(live.length, 1)];
    if (!worker) {
      // The primary holds these itself (an fd each): bounded, the rest closed at once.
      if (this.waiting.length >= MAX_WAITING) socket.destroy();
      else this.waiting.push(socket);
      return;
    }
    worker.send({ type: "connection" } satisfies PrimaryMessage, socket, (err) => {
      // The channel closed before the socket left (the worker just died): another worker takes it.
      if (err) {
        this.remove(worker);
        this.hand(socket);
      }
    });
  }
}
