import type { Worker } from "node:cluster";
import { describe, expect, it } from "vitest";
import type { PrimaryMessage } from "./signals";
import { SyncRelay } from "./worker-sync";

/** A stand-in for a cluster worker: records what the primary sends it. */
function fakeWorker(connected = true) {
  const sent: PrimaryMessage[] = [];
  const worker = { isConnected: () => connected, send: (m: PrimaryMessage) => sent.push(m) } as unknown as Worker;
  return { worker, sent };
}

const runKey = (sent: PrimaryMessage[]) => (sent.find((m) => m.type === "run-sync") as { key: string }).key;

describe("SyncRelay (the primary's side of a write waiting for every web worker)", () => {
  it("answers the writer only once every web worker ran the task", () => {
    const relay = new SyncRelay();
    const [a, b] = [fakeWorker(), fakeWorker()];
    relay.request(a.worker, "ad-units", 7, [a.worker, b.worker]);
    expect(b.sent).toEqual([{ type: "run-sync", task: "ad-units", key: runKey(b.sent) }]);

    relay.ran(b.worker, runKey(b.sent));
    expect(a.sent.some((m) => m.type === "synced")).toBe(false);
    relay.ran(a.worker, runKey(a.sent));
    expect(a.sent.at(-1)).toEqual({ type: "synced", id: 7 });
  });

  it("does not wait for a worker that exits or was already gone", () => {
    const relay = new SyncRelay();
    const [writer, dying, gone] = [fakeWorker(), fakeWorker(), fakeWorker(false)];
    relay.request(writer.worker, "ad-units", 1, [writer.worker, dying.worker, gone.worker]);
    expect(gone.sent).toEqual([]);
    relay.ran(writer.worker, runKey(writer.sent));
    relay.forget(dying.worker);
    expect(writer.sent.at(-1)).toEqual({ type: "synced", id: 1 });
  });
});
