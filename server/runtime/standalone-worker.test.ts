import { describe, expect, it } from "vitest";
import { workerStartupProblems } from "./standalone-worker";

describe("npm run worker's start-up check", () => {
  it("needs DATABASE_URL, in one line naming it", () => {
    const lines = workerStartupProblems({ NODE_ENV: "production" });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^DATABASE_URL is required by `npm run worker`/);
  });

  it("reports an invalid environment as the app does", () => {
    expect(workerStartupProblems({ DATABASE_URL: "postgres://u@db/x", JOBS_IN_PROCESS: "maybe" })[0]).toMatch(
      /^Invalid environment: JOBS_IN_PROCESS/,
    );
  });

  it("accepts a database URL alone (no SITE_URL or APP_SECRET: the worker serves nothing)", () => {
    expect(workerStartupProblems({ NODE_ENV: "production", DATABASE_URL: "postgres://u@db/x" })).toEqual([]);
  });
});
