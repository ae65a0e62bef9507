import net from "node:net";
import path from "node:path";
import { z } from "zod";
import { DEFAULT_DURATION_BOUNDS, type DurationBounds } from "../core/listing-order";

/** AD_HOSTS: comma-separated http(s) origins, deduplicated, as bare origins (no path). */
export function adHostsSchema() {
  return z
    .string()
    .default("")
    .transform((v, ctx) => {
      const origins: string[] = [];
      for (const item of v
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)) {
        const origin = adOrigin(item);
        if (origin) origins.push(origin);
        else ctx.addIssue({ code: "custom", message: `"${item}" is not an http(s) origin like https://ads.example.com` });
      }
      return [...new Set(origins)];
    });
}

/** METRICS_ALLOW: the address rules, or undefined when unset (the default depends on METRICS_TOKEN). */
export function metricsAllowSchema() {
  return optionalText().transform((v, ctx) => {
    if (v === undefined) return undefined;
    const items = v
      .split(",")
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean);
    for (const item of items) {
      if (!metricsAllowItem(item))
        ctx.addIssue({ code: "custom", message: `"${item}" is not loopback, any, none, an IP address or a CIDR range` });
    }
    if (items.length > 1 && items.some((i) => i === "none" || i === "any")) {
      ctx.addIssue({ code: "custom", message: "`none` and `any` stand alone" });
    }
    return items;
  });
}

function metricsAllowItem(item: string): boolean {
  return item === "loopback" || item === "any" || item === "none" || addressOrRange(item);
}

function trustProxyItem(item: string): boolean {
  return item === "loopback" || item === "linklocal" || item === "uniquelocal" || addressOrRange(item);
}

/** An IP address, or a CIDR range (10.0.0.0/8, 2001:db8::/32). */
function addressOrRange(item: string): boolean {
  const [address = "", prefix, extra] = item.split("/");
  const family = net.isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** An optional setting: unset and empty are the same. */
function optionalText() {
  return z
    .string()
    .optional()
    .transform((v) => v || undefined);
}

/** A yes/no setting: `true`/`1` or `false`/`0` (empty: the default). */
function flag(defaultValue: "true" | "false") {
  return z
    .enum(["true", "false", "1", "0", ""], { message: "must be true or false (1 or 0)" })
    .default(defaultValue)
    .transform((v) => (v === "" ? defaultValue === "true" : v === "true" || v === "1"));
}

/**
 * MEDIA_BASE_URL: where browsers read media, ending in `/` so that a key is appended as it is: an http(s)
 * URL (a CDN, the bucket's public address) or a path on this site (`/media/`, a reverse proxy in front).
 */
export function mediaBaseUrlSchema() {
  return optionalText().transform((v, ctx) => {
    if (v === undefined) return undefined;
    const withSlash = v.endsWith("/") ? v : `${v}/`;
    if (/^\/(?!\/)/.test(withSlash) && !/[?#\\]/.test(withSlash)) return withSlash;
    try {
      const url = new URL(withSlash);
      if ((url.protocol === "https:" || url.protocol === "http:") && !url.search && !url.hash && !url.username && !url.password)
        return url.href;
    } catch {
      // refused below
    }
    ctx.addIssue({
      code: "custom",
      message: "must be an http(s) URL or a path starting with / (no query or credentials), e.g. https://cdn.example.com/media/",
    });
    return undefined;
  });
}

/** The origin of MEDIA_BASE_URL when it names another site (the CSP opens it), else undefined (a path on ours). */
export function mediaBaseOrigin(baseUrl: string): string | undefined {
  return /^https?:\/\//.test(baseUrl) ? new URL(baseUrl).origin : undefined;
}

/** AGE_ASSURANCE_COUNTRIES: comma-separated ISO 3166-1 alpha-2 codes, upper-cased and deduplicated. */
function countryListSchema() {
  return z
    .string()
    .default("")
    .transform((v, ctx) => {
      const codes = v
        .split(",")
        .map((s) => s.trim().toUpperCase())
        .filter(Boolean);
      for (const code of codes) {
        if (!/^[A-Z]{2}$/.test(code)) ctx.addIssue({ code: "custom", message: `"${code}" is not a two-letter country code such as GB` });
      }
      return [...new Set(codes)];
    });
}

/** ALLOWED_HOSTS: `host` or `host:port` names (lower-cased, IPv6 in brackets), comma-separated, deduplicated. */
function allowedHostsSchema() {
  return z
    .string()
    .default("")
    .transform((v, ctx) => {
      const hosts = v
        .split(",")
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean);
      for (const host of hosts) {
        if (!/^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/.test(host))
          ctx.addIssue({ code: "custom", message: `"${host}" is not a host name such as www.example.com or example.com:8080` });
      }
      return [...new Set(hosts)];
    });
}

/** S3_KEY_PREFIX: plain path segments, kept without leading or trailing slashes. */
function keyPrefixSchema() {
  return optionalText()
    .transform((v) => v?.replace(/^\/+|\/+$/g, "") || undefined)
    .refine(
      (v) => v === undefined || /^[A-Za-z0-9_][A-Za-z0-9_.-]*(?:\/[A-Za-z0-9_][A-Za-z0-9_.-]*)*$/.test(v),
      "must be plain path segments of letters, digits, _ . - (e.g. pleazure/media)",
    );
}

/** Typed configuration, read and validated once. Anything missing gets a safe local default. */
const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    DATA_DIR: z.string().default("./data"),
    /** Where `npm run build` writes (client files and the server bundle). */
    BUILD_DIR: z.string().default("build"),
    /** Worker processes serving HTTP; default one per available core. */
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
    DATABASE_URL: z.string().url().optional(),
    /**
     * The longest a serving process's SQL statement may run (lock waits included) before PostgreSQL stops it
     * and the request answers 503 + Retry-After: a slow database costs bounded time, never a pile-up. 0: none.
     * Job processes (the jobs worker, `npm run worker`) and the CLI have no limit; the development process, which
     * serves and runs jobs at once, has it.
     */
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
    /**
     * Whether the primary forks its own jobs worker (the transcode queue, docs/decisions/0007). Default on;
     * `false` or `0` off: the instance only serves, and `npm run worker` processes run the jobs
     * (docs/decisions/0023-separate-worker.md).
     */
    JOBS_IN_PROCESS: flag("true"),
    /**
     * Where media live (server/media/storage.ts, docs/decisions/0024-object-storage.md): `local` (default,
     * DATA_DIR/media served at /media) or `s3`, an S3-compatible bucket read by browsers through
     * MEDIA_BASE_URL, so that workers and app instances share no disk. The S3_* settings below apply to `s3`.
     */
    MEDIA_STORAGE: z.enum(["local", "s3"], { message: "must be local or s3" }).default("local"),
    /** Public base of media URLs (a key is appended); default `/media/` with local storage, required with s3. */
    MEDIA_BASE_URL: mediaBaseUrlSchema(),
    /** The S3 API endpoint (MinIO, R2, s3rver…); unset: AWS S3 for S3_REGION. */
    S3_ENDPOINT: optionalText().pipe(
      z.url({ protocol: /^https?$/, message: "must be an http(s) URL such as https://s3.example.com" }).optional(),
    ),
    S3_REGION: optionalText(),
    S3_BUCKET: optionalText().pipe(
      z
        .string()
        .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be a bucket name (3-63 lower-case letters, digits, dots and hyphens)")
        .optional(),
    ),
    /** Both, or neither: the SDK's own credential chain then (AWS_* variables, an instance role). Never sent to browsers. */
    S3_ACCESS_KEY_ID: optionalText(),
    S3_SECRET_ACCESS_KEY: optionalText(),
    /** Bucket in the path (`endpoint/bucket/key`) instead of the host name: most self-hosted servers need it. */
    S3_FORCE_PATH_STYLE: flag("false"),
    /** Keys go under this folder of the bucket (several sites in one bucket); MEDIA_BASE_URL points at it. */
    S3_KEY_PREFIX: keyPrefixSchema(),
    SITE_URL: z.string().url().optional(),
    /**
     * The names the site answers to besides SITE_URL's, comma-separated, each `host` or `host:port` (e.g.
     * `www.example.com, example.org`); loopback names (localhost, 127.0.0.1, [::1]) always. A request naming
     * another host in Host or X-Forwarded-Host gets 400 (server/http/hosts.ts), so no page, cached page or mail
     * is made for it. Without SITE_URL, mails link to the first of these (server/site-url.ts mailOrigin).
     */
    ALLOWED_HOSTS: allowedHostsSchema(),
    // Quiet under Vitest, whose global setup (the test PostgreSQL) runs outside the test environment.
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default(process.env.VITEST ? "silent" : "info"),
    /** Secret for signed tokens (play tokens, form timestamps). Generated per data dir when unset. */
    APP_SECRET: z.string().min(32).optional(),
    /**
     * Comma-separated proxy addresses whose X-Forwarded-For we trust (Express "trust proxy"): IP addresses, CIDR
     * ranges, `loopback`, `linklocal`, `uniquelocal`; or `false` for none. Never "everyone": a client could then
     * name any address it likes.
     */
    TRUST_PROXY: z
      .string()
      .default("loopback")
      .refine(
        (v) => v === "false" || v.split(",").every((item) => trustProxyItem(item.trim())),
        "must be false or a comma-separated list of IP addresses, CIDR ranges, loopback, linklocal or uniquelocal",
      ),
    /**
     * `npm run dev` with the test build's composition (fault switches, test routes). Refused in production:
     * the test hooks exist only in the separate test build (docs/decisions/0018-test-build.md), never in
     * this one, and no variable can add them.
     */
    ENABLE_TEST_HOOKS: z.enum(["0", "1"]).default("0"),
    /** Skip generating demo media (tests that do not need playback). */
    DEMO_MEDIA: z.enum(["full", "none"]).default("full"),
    /** Optional shared folder for generated demo media (tests reuse one generation across data dirs). */
    DEMO_MEDIA_CACHE: z.string().optional(),
    /** Whether the demo seed switches the house pre-roll on (a fresh site shows it); `off` for test servers. */
    DEMO_PREROLL: z.enum(["house", "off"]).default("house"),
    /**
     * Comma-separated origins (`https://ads.example.com`) that ads may load from: the only hosts the
     * Content-Security-Policy opens for ad requests, media and tracking pixels. A VAST tag must be on one.
     */
    AD_HOSTS: adHostsSchema(),
    /**
     * How long a worker keeps an anonymous visitor's rendered page (home, categories, blog, search, static
     * pages) to answer the same address again without rendering (server/http/page-cache.ts); 0 turns it off.
     */
    PAGE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
    /**
     * Where a web worker answers a page-cache hit: `early`, on the raw request before Express (server/http/early-hits.ts),
     * or `express`, in the middleware chain as every other request (what `npm run bench` compares it with).
     */
    PAGE_CACHE_HITS: z.enum(["early", "express"]).default("early"),
    /** Largest video file the pipeline accepts (ingest command and uploads); default 2 GiB. */
    MAX_UPLOAD_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(2 * 1024 ** 3),
    /**
     * The ad network's banner script, `{zoneId}` standing for the slot's zone id
     * (https://ads.example.com/zone.js?id={zoneId}). Its origin must be one of AD_HOSTS (the CSP's script-src
     * lists exactly those). Unset: active slots show the house fallback banner.
     */
    AD_SCRIPT_URL: optionalText().pipe(
      z
        .string()
        .refine(
          (v) => /^https?:\/\//.test(v) && URL.canParse(v.split("{zoneId}").join("0")),
          "must be an http(s) URL such as https://ads.example.com/zone.js?id={zoneId}",
        )
        .optional(),
    ),
    /** ffmpeg and ffprobe binaries; unset (or empty): the first on PATH, else the npm-shipped builds. */
    FFMPEG_PATH: z
      .string()
      .optional()
      .transform((v) => v || undefined),
    FFPROBE_PATH: z
      .string()
      .optional()
      .transform((v) => v || undefined),
    /** Google sign-in (OpenID Connect); without both, the sign-in page offers e-mail codes only. */
    GOOGLE_CLIENT_ID: optionalText(),
    GOOGLE_CLIENT_SECRET: optionalText(),
    /**
     * The OpenID Connect issuer the Google sign-in talks to (its discovery document lives below it). Google's
     * own by default; tests point it at a local provider so the same code path runs end to end.
     */
    GOOGLE_ISSUER: z.string().url().default("https://accounts.google.com"),
    /**
     * Age assurance (docs/decisions/0028-age-assurance.md). Visitors whose country (AGE_ASSURANCE_COUNTRY_HEADER,
     * set by the CDN or proxy, e.g. CF-IPCountry; read only from a TRUST_PROXY peer) is one of
     * AGE_ASSURANCE_COUNTRIES (ISO 3166-1 alpha-2 codes; `XX` stands for a missing or unknown country) must pass
     * the OpenID Connect age check before explicit media are shown; everyone else gets the self-declaration gate.
     * Unset: self-declaration everywhere, as before.
     * AGE_ASSURANCE_UNKNOWN_COUNTRY: a visitor whose country is not known (no header, not a two-letter code, or
     * a peer that is not a TRUST_PROXY proxy) falls under the strictest rule configured, `check` (the default:
     * fail closed), unless the operator says `open` here (docs/operations.md "Age assurance").
     */
    AGE_ASSURANCE_COUNTRIES: countryListSchema(),
    AGE_ASSURANCE_UNKNOWN_COUNTRY: z.enum(["check", "open"]).default("check"),
    AGE_ASSURANCE_COUNTRY_HEADER: optionalText().pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9-]{1,64}$/, "must be a header name such as CF-IPCountry")
        .transform((v) => v.toLowerCase())
        .optional(),
    ),
    /** The age-verification service: its OpenID Connect issuer (discovery below it), this site's client, the over-18 claim. */
    AGE_OIDC_ISSUER: optionalText().pipe(z.url({ protocol: /^https?$/, message: "must be an http(s) URL (the issuer)" }).optional()),
    AGE_OIDC_CLIENT_ID: optionalText(),
    /** Unset: a public client (PKCE only). */
    AGE_OIDC_CLIENT_SECRET: optionalText(),
    /** The claim that must be the boolean `true` in the ID token or userinfo answer. */
    AGE_OIDC_CLAIM: z
      .string()
      .regex(/^[A-Za-z0-9_:.-]{1,100}$/, "must be a claim name such as age_over_18")
      .default("age_over_18"),
    /** Scopes asked for, space-separated; `openid` is always included. */
    AGE_OIDC_SCOPES: z
      .string()
      .regex(/^[\x21\x23-\x5b\x5d-\x7e ]{0,500}$/, "must be space-separated scope names")
      .default("openid"),
    /** Outgoing mail (sign-in codes): smtp(s)://user:pass@host:port; unset: one file per message in DATA_DIR/outbox. */
    SMTP_URL: optionalText().pipe(z.string().url().optional()),
    MAIL_FROM: z.string().default("Pleazure <no-reply@pleazure.local>"),
    /**
     * Connection limits of the web workers (server/runtime/http-server.ts), against slow and many-connection
     * clients. HTTP_HEADERS_TIMEOUT_MS: a request's headers must arrive within this (408 and close otherwise:
     * slowloris). HTTP_REQUEST_TIMEOUT_MS: headers and body within this (one 2 MiB upload chunk needs ~17 KB/s
     * at the default); responses are not limited, so the live ad feed stays open. HTTP_KEEP_ALIVE_TIMEOUT_MS:
     * idle keep-alive connections close after this. MAX_CONNECTIONS: open connections per app instance (live
     * feeds included), shared evenly by its web workers; more are answered 503 + Retry-After and closed.
     */
    HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(15_000),
    HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(120_000),
    HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(5_000),
    MAX_CONNECTIONS: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
    /**
     * Live ad feed streams (GET /api/ads/events) one client address (IPv6: its /64) may hold open per worker
     * process; more get 429 + Retry-After (server/http/ad-events.ts).
     */
    LIVE_STREAMS_PER_CLIENT: z.coerce.number().int().min(1).max(10_000).default(16),
    /**
     * The budget on automatic hiding (docs/decisions/0040-report-hiding-budget.md): of the reports whose reason
     * hides an item at once, those of visitors and of accounts not in good standing hide at most
     * REPORT_HIDES_PER_HOUR items an hour site-wide and REPORT_HIDES_PER_NETWORK_PER_HOUR from one network (IPv4
     * /24, IPv6 /48); past either, reports queue without hiding and the admins get one alert for the burst.
     */
    REPORT_HIDES_PER_HOUR: z.coerce.number().int().min(0).max(100_000).default(20),
    REPORT_HIDES_PER_NETWORK_PER_HOUR: z.coerce.number().int().min(0).max(100_000).default(3),
    /**
     * The duration filter on category pages and search (core/listing-order.ts): short is under
     * DURATION_SHORT_UNDER_SECONDS, long over DURATION_LONG_OVER_SECONDS, medium between (both included). The
     * app's start applies a change to the catalogue (server/services/duration-bounds.ts); the labels say them.
     */
    DURATION_SHORT_UNDER_SECONDS: z.coerce.number().int().min(1).max(86_400).default(DEFAULT_DURATION_BOUNDS.shortUnder),
    DURATION_LONG_OVER_SECONDS: z.coerce.number().int().min(1).max(86_400).default(DEFAULT_DURATION_BOUNDS.longOver),
    /**
     * Who may read GET /metrics (server/http/operations.ts); refused requests get the 404 of an unknown path.
     * METRICS_TOKEN: when set, a request must carry `Authorization: Bearer <token>`. METRICS_ALLOW: the peer
     * addresses allowed, comma-separated: `loopback`, IP addresses, CIDR ranges (10.0.0.0/8), or `any`; default
     * `loopback` without a token and `any` with one; `none` turns the endpoint off. A proxied request (it
     * carries X-Forwarded-For, Forwarded or X-Real-IP) never counts as loopback.
     */
    METRICS_TOKEN: optionalText().pipe(z.string().min(16, "must be at least 16 characters").optional()),
    /**
     * `npm run worker` only: when set, the worker answers /healthz, /readyz and /metrics (its job durations,
     * process metrics; METRICS_ALLOW and METRICS_TOKEN apply) on HOST at this port. Unset: it listens on nothing.
     */
    WORKER_METRICS_PORT: optionalText().pipe(z.coerce.number<string | undefined>().int().min(1).max(65535).optional()),
    METRICS_ALLOW: metricsAllowSchema(),
    /**
     * Content credentials (C2PA, server/media/content-credentials.ts): PEM files of the ES256 (P-256) signing key
     * and of its certificate chain, signing certificate first. Set both, or neither for a development certificate
     * generated in DATA_DIR/content-credentials on first start (marked as such, trusted by nobody).
     */
    C2PA_SIGNING_KEY: optionalText(),
    C2PA_CERTIFICATE: optionalText(),
    /** Searched for ffmpeg and ffprobe. */
    PATH: z.string().default(""),
  })
  .superRefine((e, ctx) => {
    /** Settings that only work as a pair: the one missing is named. */
    const bothOrNeither = (a: keyof typeof e, b: keyof typeof e, message: string) => {
      if (Boolean(e[a]) !== Boolean(e[b])) ctx.addIssue({ code: "custom", path: [e[a] ? b : a], message });
    };
    // A script the CSP would block fails on every page view: refuse the configuration at start instead.
    if (e.AD_SCRIPT_URL && !e.AD_HOSTS.includes(new URL(e.AD_SCRIPT_URL.split("{zoneId}").join("0")).origin)) {
      ctx.addIssue({ code: "custom", path: ["AD_SCRIPT_URL"], message: "its origin must be listed in AD_HOSTS" });
    }
    if (e.MEDIA_STORAGE === "s3") {
      const required = (name: keyof typeof e, example: string) => {
        if (e[name] === undefined)
          ctx.addIssue({ code: "custom", path: [name], message: `is required when MEDIA_STORAGE=s3 (${example})` });
      };
      required("S3_BUCKET", "the bucket's name");
      required("S3_REGION", "e.g. us-east-1; any region your S3-compatible server accepts");
      required("MEDIA_BASE_URL", "where browsers read the bucket's media, e.g. https://cdn.example.com/");
      bothOrNeither(
        "S3_ACCESS_KEY_ID",
        "S3_SECRET_ACCESS_KEY",
        "is required with the other S3 key (set both, or neither for the SDK's own credentials)",
      );
    }
    bothOrNeither(
      "C2PA_SIGNING_KEY",
      "C2PA_CERTIFICATE",
      "is required with the other C2PA setting (set both, or neither for a development certificate)",
    );
    if (e.AGE_ASSURANCE_COUNTRIES.length > 0) {
      const needed: [keyof typeof e, string][] = [
        ["AGE_ASSURANCE_COUNTRY_HEADER", "the header your CDN or proxy puts the visitor's country in, e.g. CF-IPCountry"],
        ["AGE_OIDC_ISSUER", "the age-verification service's OpenID Connect issuer URL"],
        ["AGE_OIDC_CLIENT_ID", "this site's client id at that service"],
      ];
      for (const [name, what] of needed) {
        if (e[name] === undefined)
          ctx.addIssue({ code: "custom", path: [name], message: `is required with AGE_ASSURANCE_COUNTRIES: ${what}` });
      }
    }
    if (e.DURATION_LONG_OVER_SECONDS < e.DURATION_SHORT_UNDER_SECONDS) {
      ctx.addIssue({ code: "custom", path: ["DURATION_LONG_OVER_SECONDS"], message: "must not be below DURATION_SHORT_UNDER_SECONDS" });
    }
    // Node refuses a header time-out longer than the whole request's.
    if (e.HTTP_HEADERS_TIMEOUT_MS > e.HTTP_REQUEST_TIMEOUT_MS) {
      ctx.addIssue({ code: "custom", path: ["HTTP_HEADERS_TIMEOUT_MS"], message: "must not exceed HTTP_REQUEST_TIMEOUT_MS" });
    }
  })
  // Local media default to the app's own /media route (s3 has none: refused above when unset).
  .transform((e) => ({ ...e, MEDIA_BASE_URL: e.MEDIA_BASE_URL ?? "/media/" }));

export type Env = z.infer<typeof schema>;

/** `item` as a bare origin, or undefined when it is not an http(s) origin (no path, query, credentials). */
function adOrigin(item: string): string | undefined {
  try {
    const url = new URL(item);
    const bare = (url.pathname === "/" || url.pathname === "") && !url.search && !url.hash && !url.username && !url.password;
    return (url.protocol === "https:" || url.protocol === "http:") && bare ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

let cached: Env | undefined;

/** Every bad variable of an environment, one line each ("Invalid environment: NAME: what is wrong"). */
export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join("; "));
  }
}

/** Validates a set of environment variables; throws an EnvError naming every problem. */
export function parseEnv(vars: Record<string, string | undefined>): Env {
  const parsed = schema.safeParse(vars);
  if (!parsed.success) throw new EnvError(parsed.error.issues.map((i) => `Invalid environment: ${i.path.join(".")}: ${i.message}`));
  return parsed.data;
}

/**
 * What production on DATABASE_URL (several instances on one database) must be told rather than defaulted, and
 * what to give: instances must sign and name the site alike (a per-machine key would split sessions), they share
 * no disk unless the operator made one, and behind a load balancer the client address (rate limits, view
 * allowances) is only as good as the proxy setting.
 */
const REQUIRED_WITH_DATABASE_URL: readonly (readonly [name: string, what: string])[] = [
  ["APP_SECRET", "the same random key of 32 bytes or more on every instance"],
  ["SITE_URL", "the public origin, e.g. https://example.com"],
  [
    "MEDIA_STORAGE",
    "s3 (with S3_* and MEDIA_BASE_URL) for instances and workers without a shared disk, or local when they share DATA_DIR/media",
  ],
  ["TRUST_PROXY", "the proxy's address or range (10.0.0.5, 10.0.0.0/8), loopback for nginx on this machine, or false for none"],
];

/**
 * Settings that are each valid but together unsafe, one line per problem naming the variable: the server
 * refuses to start on any of them (server/runtime/startup-check.ts).
 */
export function unsafeCombinations(e: Env, vars: Record<string, string | undefined> = process.env): string[] {
  if (e.NODE_ENV !== "production") return [];
  const problems: string[] = [];
  if (vars.ENABLE_TEST_HOOKS !== undefined && vars.ENABLE_TEST_HOOKS !== "" && vars.ENABLE_TEST_HOOKS !== "0") {
    problems.push("ENABLE_TEST_HOOKS is set with NODE_ENV=production: test hooks never run in production; unset it");
  }
  if (e.DATABASE_URL) {
    for (const [name, what] of REQUIRED_WITH_DATABASE_URL) {
      if (!vars[name]) problems.push(`${name} is required when NODE_ENV=production runs with DATABASE_URL: ${what}`);
    }
  }
  return problems;
}

export function env(): Env {
  if (!cached) cached = parseEnv(process.env);
  return cached;
}

export function dataDir(): string {
  return path.resolve(env().DATA_DIR);
}

/** The duration filter's bounds as the operator set them (core/listing-order.ts). */
export function durationBounds(): DurationBounds {
  const e = env();
  return { shortUnder: e.DURATION_SHORT_UNDER_SECONDS, longOver: e.DURATION_LONG_OVER_SECONDS };
}
