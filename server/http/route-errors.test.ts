import { data, RouterContextProvider, redirect } from "react-router";
import { describe, expect, it } from "vitest";
import { requestInfoContext } from "./request-context";
import { attempt, classifyFailure } from "./route-errors";

function context() {
  const c = new RouterContextProvider();
  c.set(requestInfoContext, { requestId: "test", clientIp: null, userAgent: null, nonce: "" });
  return c;
}

const refused = () => Promise.reject(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }));
const broken = () => Promise.reject(Object.assign(new Error("syntax error"), { code: "42601" }));

describe("attempt", () => {
  it("returns the result", async () => {
    expect(
      await attempt(
        context(),
        "x",
        async () => 42,
        () => 0,
      ),
    ).toBe(42);
  });

  it("returns the fallback for a failure of the page", async () => {
    expect(await attempt(context(), "x", broken, () => "error state")).toBe("error state");
  });

  it("throws a 503 with Retry-After when the database is unreachable", async () => {
    const thrown = await attempt(context(), "x", refused, () => "error state").catch((e: unknown) => e);
    expect(thrown).toMatchObject({ type: "DataWithResponseInit", init: { status: 503, headers: { "Retry-After": "5" } } });
  });

  it("lets responses thrown on purpose through", async () => {
    const moved = redirect("/elsewhere");
    await expect(
      attempt(
        context(),
        "x",
        () => Promise.reject(moved),
        () => 0,
      ),
    ).rejects.toBe(moved);
    const gone = data(null, { status: 404 });
    await expect(
      attempt(
        context(),
        "x",
        () => Promise.reject(gone),
        () => 0,
      ),
    ).rejects.toBe(gone);
  });
});

describe("classifyFailure", () => {
  it("tells an outage from a failure", () => {
    expect(classifyFailure(context(), "x", Object.assign(new Error("x"), { code: "57P01" }))).toBe("unavailable");
    expect(classifyFailure(context(), "x", new Error("Database not initialised"))).toBe("failed");
  });
});
