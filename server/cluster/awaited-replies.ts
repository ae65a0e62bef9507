/**
 * Requests that wait for a reply carrying their id (an IPC message, a notification), or for a time-out: the
 * bookkeeping worker-sync.ts, cluster-metrics.ts and realtime/notifications.ts share.
 */
export class AwaitedReplies<Id, T> {
  private readonly waiting = new Map<Id, (reply: T | Error) => void>();

  /**
   * Registers `id`, calls `send`, and resolves with the reply `settle(id, …)` brings (rejects when it is an
   * Error). After `timeoutMs`, or when the promise `send` returns rejects, `fallback` settles it instead; a
   * `send` that throws rejects with its error.
   */
  wait(id: Id, timeoutMs: number, fallback: T | Error, send: () => unknown): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const done = (reply: T | Error) => {
        clearTimeout(timer);
        this.waiting.delete(id);
        if (reply instanceof Error) reject(reply);
        else resolve(reply);
      };
      const timer = setTimeout(() => done(fallback), timeoutMs);
      this.waiting.set(id, done);
      try {
        const sent = send();
        if (sent instanceof Promise) sent.catch(() => done(fallback));
      } catch (err) {
        done(err instanceof Error ? err : new Error(String(err)));
      }
    });
  }

  /** Hands `reply` to the request waiting under `id`, if one still waits. */
  settle(id: Id, reply: T | Error): void {
    this.waiting.get(id)?.(reply);
  }

  /** Settles every waiting request with `reply`. */
  settleAll(reply: T | Error): void {
    for (const done of [...this.waiting.values()]) done(reply);
  }
}
