import { describe, expect, it } from "vitest";
import { loginPath, safeRedirectPath } from "./redirect-to";

describe("safeRedirectPath", () => {
  it("keeps paths on this site with their query and fragment", () => {
    expect(safeRedirectPath("/video/abc?t=1#c")).toBe("/video/abc?t=1#c");
    expect(safeRedirectPath("/favorites")).toBe("/favorites");
  });
  it.each([
    "https://evil.example/",
    "//evil.example/x",
    "/\\evil.example",
    "\\\\evil.example",
    "javascript:alert(1)",
    "evil.example",
    "/a\u0000b",
    "/a\nb",
    "",
    "/login?redirectTo=/x",
    "/api/auth/callback/google",
    `/${"a".repeat(3000)}`,
  ])("refuses %j (falls back to /)", (raw) => {
    expect(safeRedirectPath(raw)).toBe("/");
  });
  it("refuses non-strings", () => {
    expect(safeRedirectPath(undefined)).toBe("/");
    expect(safeRedirectPath(["/x"])).toBe("/");
  });
});

describe("loginPath", () => {
  it("carries the page to come back to", () => {
    expect(loginPath("/profile")).toBe("/login?redirectTo=%2Fprofile");
    expect(loginPath("/")).toBe("/login");
    expect(loginPath("//evil.example")).toBe("/login");
  });
});
