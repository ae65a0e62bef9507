import { openSseClients, type SseClients } from "./sse-clients";

/**
 * The live ad feeds through a soak, as pages come and go: `count` streams open, and before each window the
 * `rotate` oldest are closed and as many new ones opened, each from an address of its own. The load test's wrk keeps
 * its few connections alive for a whole window, so without this the run would open almost no new connection: the
 * primary's hand-over of connections, a worker's socket bookkeeping and the feed's per-client counts
 * (server/http/ad-events.ts) would see no churn in an hour. A stream is held when it got its first event and lasted
 * until the soak closed it.
 */
export class LiveFeeds {
  private readonly groups: SseClients[] = [];
  private nextAddress = 0;
  private readonly ended = { opened: 0, connected: 0, held: 0 };

  private constructor(
    private readonly origin: string,
    private readonly rotate: number,
  ) {}

  static async open(origin: string, count: number, rotate: number): Promise<LiveFeeds> {
    const feeds = new LiveFeeds(origin, Math.min(rotate, count));
    // In groups of `rotate` (one group when nothing rotates), so that a rotation closes the oldest group.
    const size = feeds.rotate > 0 ? feeds.rotate : count;
    for (let opened = 0; opened < count; opened += size) await feeds.openGroup(Math.min(size, count - opened));
    return feeds;
  }

  private async openGroup(size: number): Promise<void> {
    this.groups.push(await openSseClients(this.origin, size, this.nextAddress));
    this.nextAddress += size;
    this.ended.opened += size;
  }

  /** Streams open now that got their first event. */
  connected(): number {
    return this.groups.reduce((sum, g) => sum + g.connected() - g.dropped(), 0);
  }

  /** Closes the oldest `rotate` streams and opens as many new ones. */
  async rotateOnce(): Promise<void> {
    if (this.rotate <= 0) return;
    const oldest = this.groups.shift();
    if (oldest) this.count(oldest.close());
    await this.openGroup(this.rotate);
  }

  private count(closed: { connected: number; held: number }): void {
    this.ended.connected += closed.connected;
    this.ended.held += closed.held;
  }

  /** Closes every stream; what every stream of the run did. */
  close(): { opened: number; connected: number; held: number } {
    for (const group of this.groups.splice(0)) this.count(group.close());
    return { ...this.ended };
  }
}
