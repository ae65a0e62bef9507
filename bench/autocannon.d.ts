// Minimal types for the parts of autocannon's programmatic API the bench uses (the package ships none).
declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  /** One request as sent: `setupRequest` may return a changed copy (a body per request, for example). */
  interface RequestParams {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
  }

  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    timeout?: number;
    headers?: Record<string, string>;
    /**
     * `context`: an object of the connection's that lives from a request's setup to its answer (autocannon resets it
     * when it moves on to the next request of the list).
     */
    requests?: (RequestParams & {
      setupRequest?: (req: RequestParams, context: Record<string, unknown>) => RequestParams;
      onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
    })[];
  }

  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    [percentile: string]: number;
  }

  interface Result {
    url: string;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    "1xx": number;
    "2xx": number;
    "3xx": number;
    "4xx": number;
    "5xx": number;
    latency: Histogram;
    requests: Histogram;
    throughput: Histogram;
    statusCodeStats: Record<string, { count: number }>;
  }

  interface Instance extends EventEmitter {
    stop(): void;
  }

  function autocannon(opts: Options, cb: (err: Error | null, result: Result) => void): Instance;
  export default autocannon;
  export type { Instance, Options, Result };
}
