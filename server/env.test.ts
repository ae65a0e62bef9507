import { describe, expect, it } from "vitest";
import { type EnvError, parseEnv, unsafeCombinations } from "./env";

const SECRET = "k".repeat(32);
const problems = (vars: Record<string, string>) => unsafeCombinations(parseEnv(vars), vars);
/** What parseEnv refuses in `vars`, one line per problem ([] when it accepts them). */
const problemsOf = (vars: Record<string, string>): string[] => {
  try {
    parseEnv(vars);
    return [];
  } catch (err) {
    return (err as EnvError).problems;
  }
};

describe("unsafeCombinations", () => {
  it.each([
    ["production alone (the embedded one-command start)", { NODE_ENV: "production" }],
    [
      "production on DATABASE_URL with a shared key, origin and proxy choice",
      {
        NODE_ENV: "production",
        DATABASE_URL: "postgres://u@db/x",
        APP_SECRET: SECRET,
        SITE_URL: "https://example.com",
        TRUST_PROXY: "false",
        MEDIA_STORAGE: "s3",
        S3_BUCKET: "media",
        S3_REGION: "eu-west-1",
        MEDIA_BASE_URL: "https://media.example.com/",
      },
    ],
    ["ENABLE_TEST_HOOKS=0 in production", { NODE_ENV: "production", ENABLE_TEST_HOOKS: "0" }],
    ["ENABLE_TEST_HOOKS in development", { NODE_ENV: "development", ENABLE_TEST_HOOKS: "1" }],
    ["DATABASE_URL in development", { NODE_ENV: "development", DATABASE_URL: "postgres://u@db/x" }],
  ])("accepts %s", (_, vars) => {
    expect(problems(vars)).toEqual([]);
  });

  it.each([
    ["ENABLE_TEST_HOOKS=1", { NODE_ENV: "production", ENABLE_TEST_HOOKS: "1" }, "ENABLE_TEST_HOOKS"],
    [
      "DATABASE_URL without APP_SECRET",
      {
        NODE_ENV: "production",
        DATABASE_URL: "postgres://u@db/x",
        SITE_URL: "https://example.com",
        TRUST_PROXY: "loopback",
        MEDIA_STORAGE: "local",
      },
      "APP_SECRET",
    ],
    [
      "DATABASE_URL without SITE_URL",
      { NODE_ENV: "production", DATABASE_URL: "postgres://u@db/x", APP_SECRET: SECRET, TRUST_PROXY: "loopback", MEDIA_STORAGE: "local" },
      "SITE_URL",
    ],
  ])("refuses production with %s, in one line naming the variable", (_, vars, variable) => {
    const lines = problems(vars);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^${variable} `));
    expect(lines[0]).not.toContain("\n");
  });

  it("names each one missing", () => {
    const lines = problems({ NODE_ENV: "production", DATABASE_URL: "postgres://u@db/x" });
    expect(lines.map((l) => l.split(" ")[0])).toEqual(["APP_SECRET", "SITE_URL", "MEDIA_STORAGE", "TRUST_PROXY"]);
  });

  it("refuses an APP_SECRET shorter than 32 characters when parsing", () => {
    expect(() => parseEnv({ APP_SECRET: "short" })).toThrow(/APP_SECRET/);
  });
});

describe("metrics access settings", () => {
  it("reads METRICS_ALLOW as a list of rules, unset and empty as the default", () => {
    expect(parseEnv({ METRICS_ALLOW: "loopback, 10.0.0.0/8,2001:db8::/32 ,192.0.2.5" }).METRICS_ALLOW).toEqual([
      "loopback",
      "10.0.0.0/8",
      "2001:db8::/32",
      "192.0.2.5",
    ]);
    expect(parseEnv({}).METRICS_ALLOW).toBeUndefined();
    expect(parseEnv({ METRICS_ALLOW: "" }).METRICS_ALLOW).toBeUndefined();
    expect(parseEnv({ METRICS_ALLOW: "NONE" }).METRICS_ALLOW).toEqual(["none"]);
  });

  it.each([["example.com"], ["10.0.0.0/33"], ["::1/129"], ["10.0.0.1/8/1"], ["any,loopback"], ["none,10.0.0.1"]])(
    "refuses METRICS_ALLOW=%s",
    (value) => {
      expect(() => parseEnv({ METRICS_ALLOW: value })).toThrow(/METRICS_ALLOW/);
    },
  );

  it("takes a METRICS_TOKEN of 16 characters or more", () => {
    expect(parseEnv({ METRICS_TOKEN: "x".repeat(16) }).METRICS_TOKEN).toBe("x".repeat(16));
    expect(parseEnv({ METRICS_TOKEN: "" }).METRICS_TOKEN).toBeUndefined();
    expect(() => parseEnv({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN/);
  });
});

describe("JOBS_IN_PROCESS", () => {
  it("is on by default and for true/1/empty, off for false/0", () => {
    expect(parseEnv({}).JOBS_IN_PROCESS).toBe(true);
    for (const v of ["true", "1", ""]) expect(parseEnv({ JOBS_IN_PROCESS: v }).JOBS_IN_PROCESS).toBe(true);
    for (const v of ["false", "0"]) expect(parseEnv({ JOBS_IN_PROCESS: v }).JOBS_IN_PROCESS).toBe(false);
  });

  it("refuses anything else in one message naming the variable", () => {
    expect(() => parseEnv({ JOBS_IN_PROCESS: "off" })).toThrow(/^Invalid environment: JOBS_IN_PROCESS: must be true or false/);
  });
});

describe("media storage (MEDIA_STORAGE, MEDIA_BASE_URL, S3_*)", () => {
  const S3 = {
    MEDIA_STORAGE: "s3",
    S3_ENDPOINT: "http://127.0.0.1:9000",
    S3_REGION: "us-east-1",
    S3_BUCKET: "pleazure-media",
    S3_ACCESS_KEY_ID: "AKIDEXAMPLE",
    S3_SECRET_ACCESS_KEY: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY",
    MEDIA_BASE_URL: "https://cdn.example.com/media",
  };
  /** The problem lines parseEnv reports, one per variable (none when valid). */

  it("is local disk by default, read at /media/ (or at a configured base, ending in /)", () => {
    expect(parseEnv({})).toMatchObject({ MEDIA_STORAGE: "local", MEDIA_BASE_URL: "/media/", S3_FORCE_PATH_STYLE: false });
    expect(parseEnv({ MEDIA_BASE_URL: "https://cdn.example.com/m" }).MEDIA_BASE_URL).toBe("https://cdn.example.com/m/");
    // Local storage needs none of the S3 settings.
    expect(problemsOf({ MEDIA_STORAGE: "local" })).toEqual([]);
  });

  it("accepts a complete s3 configuration, with or without keys (the SDK's own credentials then)", () => {
    const e = parseEnv({ ...S3, S3_FORCE_PATH_STYLE: "true", S3_KEY_PREFIX: "/site-a/media/" });
    expect(e).toMatchObject({
      MEDIA_STORAGE: "s3",
      MEDIA_BASE_URL: "https://cdn.example.com/media/",
      S3_FORCE_PATH_STYLE: true,
      S3_KEY_PREFIX: "site-a/media",
    });
    const { S3_ACCESS_KEY_ID: _, S3_SECRET_ACCESS_KEY: __, ...withoutKeys } = S3;
    expect(problemsOf(withoutKeys)).toEqual([]);
    expect(parseEnv({ ...S3, MEDIA_BASE_URL: "/media/" }).MEDIA_BASE_URL).toBe("/media/"); // a proxy on the site's own origin
  });

  it("in s3 mode, names each missing setting on a line of its own", () => {
    expect(problemsOf({ MEDIA_STORAGE: "s3" })).toEqual([
      expect.stringMatching(/^Invalid environment: S3_BUCKET: is required when MEDIA_STORAGE=s3/),
      expect.stringMatching(/^Invalid environment: S3_REGION: is required when MEDIA_STORAGE=s3/),
      expect.stringMatching(/^Invalid environment: MEDIA_BASE_URL: is required when MEDIA_STORAGE=s3/),
    ]);
    expect(problemsOf({ ...S3, S3_SECRET_ACCESS_KEY: "" })).toEqual([
      expect.stringMatching(/^Invalid environment: S3_SECRET_ACCESS_KEY: is required with the other S3 key/),
    ]);
    expect(problemsOf({ ...S3, S3_ACCESS_KEY_ID: "" })).toEqual([expect.stringMatching(/^Invalid environment: S3_ACCESS_KEY_ID: /)]);
  });

  it.each([
    ["MEDIA_STORAGE", "gcs", /must be local or s3/],
    ["MEDIA_BASE_URL", "ftp://cdn.example.com/", /must be an http\(s\) URL or a path/],
    ["MEDIA_BASE_URL", "https://cdn.example.com/?v=1", /must be an http\(s\) URL or a path/],
    ["MEDIA_BASE_URL", "//cdn.example.com/", /must be an http\(s\) URL or a path/],
    ["MEDIA_BASE_URL", "https://user:pw@cdn.example.com/", /must be an http\(s\) URL or a path/],
    ["S3_ENDPOINT", "s3.example.com", /must be an http\(s\) URL/],
    ["S3_BUCKET", "Has_Capitals", /must be a bucket name/],
    ["S3_FORCE_PATH_STYLE", "yes", /must be true or false/],
    ["S3_KEY_PREFIX", "../up", /must be plain path segments/],
  ])("refuses %s=%s in one line naming it", (name, value, message) => {
    const lines = problemsOf({ ...S3, [name]: value });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^Invalid environment: ${name}: `));
    expect(lines[0]).toMatch(message);
    expect(() => parseEnv({ ...S3, [name]: value })).toThrow(new RegExp(`^Invalid environment: ${name}: `));
  });
});

describe("MEDIA_STORAGE in production on DATABASE_URL", () => {
  it("must be chosen explicitly: local is a shared-disk decision, not a default", () => {
    const vars = {
      NODE_ENV: "production",
      DATABASE_URL: "postgres://u:p@db/x",
      APP_SECRET: "s".repeat(40),
      SITE_URL: "https://example.com",
      TRUST_PROXY: "loopback",
    };
    expect(unsafeCombinations(parseEnv(vars), vars)).toEqual([expect.stringMatching(/^MEDIA_STORAGE is required/)]);
    for (const choice of ["local", "s3"]) {
      const chosen = {
        ...vars,
        MEDIA_STORAGE: choice,
        S3_BUCKET: "media",
        S3_REGION: "eu-west-1",
        MEDIA_BASE_URL: "https://media.example.com/",
      };
      expect(unsafeCombinations(parseEnv(chosen), chosen)).toEqual([]);
    }
  });
});

describe("TRUST_PROXY", () => {
  it("takes addresses, ranges and Express's names, or false", () => {
    for (const v of ["loopback", "false", "10.0.0.5", "10.0.0.0/8, 127.0.0.1", "uniquelocal,linklocal", "2001:db8::/32"]) {
      expect(parseEnv({ TRUST_PROXY: v }).TRUST_PROXY).toBe(v);
    }
  });

  it("refuses what Express would misread or trust too widely: names, hop counts, true, wildcards", () => {
    for (const v of ["nginx", "1", "true", "*", "10.0.0.0/33", "loopback,"]) {
      expect(() => parseEnv({ TRUST_PROXY: v }), v).toThrow(/^Invalid environment: TRUST_PROXY: must be false or/);
    }
  });

  it("must be chosen explicitly in production on DATABASE_URL (several instances)", () => {
    const vars = {
      NODE_ENV: "production",
      DATABASE_URL: "postgres://u:p@db/x",
      APP_SECRET: "s".repeat(40),
      SITE_URL: "https://example.com",
      MEDIA_STORAGE: "local",
    };
    expect(unsafeCombinations(parseEnv(vars), vars)).toEqual([expect.stringMatching(/^TRUST_PROXY is required/)]);
    const chosen = { ...vars, TRUST_PROXY: "loopback" };
    expect(unsafeCombinations(parseEnv(chosen), chosen)).toEqual([]);
  });
});

describe("parseEnv", () => {
  it("names every bad variable in a line of its own", () => {
    let problems: string[] = [];
    try {
      parseEnv({ PORT: "http", METRICS_TOKEN: "short" });
    } catch (err) {
      problems = (err as EnvError).problems;
    }
    expect(problems).toEqual([
      expect.stringMatching(/^Invalid environment: PORT: /),
      expect.stringMatching(/^Invalid environment: METRICS_TOKEN: /),
    ]);
  });
});

describe("WORKER_METRICS_PORT", () => {
  it("is off unless set to a port", () => {
    expect(parseEnv({}).WORKER_METRICS_PORT).toBeUndefined();
    expect(parseEnv({ WORKER_METRICS_PORT: "" }).WORKER_METRICS_PORT).toBeUndefined();
    expect(parseEnv({ WORKER_METRICS_PORT: "9464" }).WORKER_METRICS_PORT).toBe(9464);
    for (const v of ["metrics", "0", "70000"]) expect(() => parseEnv({ WORKER_METRICS_PORT: v }), v).toThrow(/WORKER_METRICS_PORT/);
  });
});

describe("age assurance (AGE_ASSURANCE_*, AGE_OIDC_*)", () => {
  const AGE = {
    AGE_ASSURANCE_COUNTRIES: "gb, FR,gb",
    AGE_ASSURANCE_COUNTRY_HEADER: "CF-IPCountry",
    AGE_OIDC_ISSUER: "https://age.example.com",
    AGE_OIDC_CLIENT_ID: "pleazure",
  };

  it("is off by default, and reads the countries as upper-case codes once each", () => {
    expect(parseEnv({}).AGE_ASSURANCE_COUNTRIES).toEqual([]);
    const e = parseEnv(AGE);
    expect(e.AGE_ASSURANCE_COUNTRIES).toEqual(["GB", "FR"]);
    expect(e.AGE_ASSURANCE_COUNTRY_HEADER).toBe("cf-ipcountry");
    expect(e.AGE_OIDC_CLAIM).toBe("age_over_18");
  });

  it("with countries, names each missing setting on a line of its own", () => {
    expect(problemsOf({ AGE_ASSURANCE_COUNTRIES: "GB" })).toEqual([
      expect.stringMatching(/^Invalid environment: AGE_ASSURANCE_COUNTRY_HEADER: is required with AGE_ASSURANCE_COUNTRIES/),
      expect.stringMatching(/^Invalid environment: AGE_OIDC_ISSUER: is required with AGE_ASSURANCE_COUNTRIES/),
      expect.stringMatching(/^Invalid environment: AGE_OIDC_CLIENT_ID: is required with AGE_ASSURANCE_COUNTRIES/),
    ]);
  });

  it.each([
    ["AGE_ASSURANCE_COUNTRIES", "GB,United Kingdom", /not a two-letter country code/],
    ["AGE_ASSURANCE_COUNTRY_HEADER", "CF IPCountry", /must be a header name/],
    ["AGE_OIDC_ISSUER", "age.example.com", /must be an http\(s\) URL/],
    ["AGE_OIDC_CLAIM", "age over 18", /must be a claim name/],
  ])("refuses %s=%s in one line naming it", (name, value, message) => {
    const lines = problemsOf({ ...AGE, [name]: value });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^Invalid environment: ${name}: `));
    expect(lines[0]).toMatch(message);
  });
});
