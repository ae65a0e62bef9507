import http from "node:http";

/**
 * A bare HTTP client for sweeps of thousands of requests (tests/e2e/hostile-input.spec.ts), with the subset of
 * Playwright's APIRequestContext they use. Playwright's request context cost the test worker nearly as much CPU
 * as the server spent answering (82 s against 95 s for two of the sweeps, measured here); node:http costs a
 * fraction. It sends what it is given as given: any method (TRACE and PROPFIND included, which fetch refuses),
 * no content type unless named, no redirect followed, and no Accept-Encoding, so that answers arrive as the app
 * wrote them, uncompressed (Playwright asks for brotli and decodes it: compression is tested on its own,
 * server/http/compression.test.ts). Cookies the server sets are kept and sent back.
 */

export interface Reply {
  status(): number;
  /** Header names in lower case; repeated headers joined by newlines (as Playwright's). */
  headers(): Record<string, string>;
  text(): Promise<string>;
  json(): Promise<unknown>;
  dispose(): Promise<void>;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  /** Sent as is; an object is sent as JSON. */
  data?: string | Buffer | Record<string, unknown>;
  /** Sent URL-encoded. */
  form?: Record<string, string>;
  /** Ignored: no redirect is ever followed (each sweep reads the first answer). */
  maxRedirects?: number;
  /** Ignored: a status never throws. */
  failOnStatusCode?: boolean;
}

export class LoopbackClient {
  private readonly cookies = new Map<string, string>();
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

  constructor(
    private readonly baseURL: string,
    /** Sent with every request (e.g. the client's address as a proxy would give it), unless a request names it. */
    private readonly extraHeaders: Record<string, string> = {},
  ) {}

  get(url: string, options: RequestOptions = {}): Promise<Reply> {
    return this.fetch(url, { ...options, method: "GET" });
  }

  post(url: string, options: RequestOptions = {}): Promise<Reply> {
    return this.fetch(url, { ...options, method: "POST" });
  }

  delete(url: string, options: RequestOptions = {}): Promise<Reply> {
    return this.fetch(url, { ...options, method: "DELETE" });
  }

  fetch(url: string, options: RequestOptions = {}): Promise<Reply> {
    const target = new URL(url, this.baseURL);
    const { body, contentType } = encode(options);
    const headers: Record<string, string> = { ...this.extraHeaders, ...(contentType ? { "content-type": contentType } : {}) };
    if (this.cookies.size) headers.cookie = this.cookieHeader();
    Object.assign(headers, options.headers);
    return new Promise((resolve, reject) => {
      let answered: http.IncomingMessage | undefined;
      const chunks: Buffer[] = [];
      const finish = () => {
        this.keep(answered?.headers["set-cookie"] ?? []);
        resolve(reply(answered as http.IncomingMessage, Buffer.concat(chunks)));
      };
      const req = http.request(
        {
          host: target.hostname,
          port: target.port,
          path: `${target.pathname}${target.search}`,
          method: options.method ?? "GET",
          headers,
          agent: this.agent,
        },
        (res) => {
          answered = res;
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", finish);
        },
      );
      // A server that refuses a request before reading all of it (431, 413) answers, then resets the connection
      // while the rest is still being sent: the answer counts, the reset after it does not.
      req.on("error", (error) => (answered ? finish() : reject(error)));
      req.end(body);
    });
  }

  /** The cookies this client holds, as a Cookie header. */
  private cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  async dispose(): Promise<void> {
    this.agent.destroy();
  }

  private keep(setCookies: string[]): void {
    for (const line of setCookies) {
      const [pair = "", ...attributes] = line.split(";");
      const at = pair.indexOf("=");
      if (at < 1) continue;
      const name = pair.slice(0, at).trim();
      const expired = attributes.some((a) => /^\s*max-age\s*=\s*(0|-)/i.test(a) || /^\s*expires\s*=\s*thu, 01 jan 1970/i.test(a));
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(at + 1).trim());
    }
  }
}

function encode(options: RequestOptions): { body?: Buffer; contentType?: string } {
  if (options.form)
    return { body: Buffer.from(new URLSearchParams(options.form).toString()), contentType: "application/x-www-form-urlencoded" };
  const { data } = options;
  if (data === undefined) return {};
  if (typeof data === "string") return { body: Buffer.from(data) };
  if (Buffer.isBuffer(data)) return { body: data };
  return { body: Buffer.from(JSON.stringify(data)), contentType: "application/json" };
}

function reply(res: http.IncomingMessage, body: Buffer): Reply {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers))
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join("\n") : value;
  return {
    status: () => res.statusCode ?? 0,
    headers: () => headers,
    text: async () => body.toString("utf8"),
    json: async () => JSON.parse(body.toString("utf8")),
    dispose: async () => {},
  };
}
