import { describe, expect, it } from "vitest";
import { allowedHosts, isAllowedHost } from "./hosts";

describe("the site's own names (issue 32 item 3)", () => {
  const allowed = allowedHosts({ SITE_URL: "https://example.com", ALLOWED_HOSTS: ["www.example.com", "example.org:8443"] } as never);

  it.each([
    ["example.com", true],
    ["EXAMPLE.com", true],
    ["example.com:443", true],
    ["www.example.com", true],
    ["example.org:8443", true],
    ["localhost:3000", true],
    ["127.0.0.1:3310", true],
    ["[::1]:3000", true],
    ["evil.example", false],
    ["example.com.evil.example", false],
    ["example.org", false],
    ["example.org:80", false],
    ["", false],
    [":3000", false],
    ["[::2]:3000", false],
  ])("%j allowed=%s", (host, ok) => {
    expect(isAllowedHost(host, allowed)).toBe(ok);
  });

  it("without SITE_URL or ALLOWED_HOSTS only loopback names are the site's", () => {
    const none = allowedHosts({ ALLOWED_HOSTS: [] } as never);
    expect(isAllowedHost("localhost:3000", none)).toBe(true);
    expect(isAllowedHost("evil.example", none)).toBe(false);
  });
});
