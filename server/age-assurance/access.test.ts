import { beforeAll, describe, expect, it } from "vitest";
import { FULL_ACCESS, mediaWithheld, WITHHELD_STILL, withholdStills } from "../../core/age-assurance";
import { sign } from "../secrets";
import { ageAccess, ageAccessKey, countryOf } from "./access";
import { ASSURANCE_MAX_AGE_SECONDS, assuranceToken, hasPassed } from "./assurance-cookie";

beforeAll(() => {
  process.env.APP_SECRET = "age-assurance-test-secret-0123456789";
});

const SETTINGS = { countries: ["GB", "FR", "XX"], header: "cf-ipcountry", unknownCountry: "open" as const };
const NOW = Date.UTC(2026, 10, 26, 12);
const passedCookie = (now = NOW) => `ageVerified=true; ageAssured=${assuranceToken("oidc", now)}`;

describe("jurisdiction: the country header", () => {
  it("reads a two-letter code from a trusted proxy, in any case", () => {
    expect(countryOf({ "cf-ipcountry": "gb" }, "cf-ipcountry", true)).toBe("GB");
    expect(countryOf({ "cf-ipcountry": " FR " }, "cf-ipcountry", true)).toBe("FR");
  });

  it("counts a missing, malformed or untrusted header as unknown (XX)", () => {
    expect(countryOf({}, "cf-ipcountry", true)).toBe("XX");
    expect(countryOf({ "cf-ipcountry": "GBR" }, "cf-ipcountry", true)).toBe("XX");
    expect(countryOf({ "cf-ipcountry": "<script>" }, "cf-ipcountry", true)).toBe("XX");
    // A client that talks to us directly can name any country: its header means nothing.
    expect(countryOf({ "cf-ipcountry": "US" }, "cf-ipcountry", false)).toBe("XX");
    expect(countryOf({ "cf-ipcountry": "US" }, undefined, true)).toBe("XX");
  });
});

describe("jurisdiction decision", () => {
  it("asks nothing more than self-declaration when no country is listed", () => {
    expect(ageAccess({ "cf-ipcountry": "GB" }, true, { countries: [], header: "cf-ipcountry", unknownCountry: "check" })).toEqual(
      FULL_ACCESS,
    );
  });

  it("asks listed countries for the OpenID Connect check, others for self-declaration only", () => {
    const gb = ageAccess({ "cf-ipcountry": "GB" }, true, SETTINGS, NOW);
    expect(gb).toEqual({ provider: "oidc", passed: false });
    expect(mediaWithheld(gb)).toBe(true);
    const us = ageAccess({ "cf-ipcountry": "US" }, true, SETTINGS, NOW);
    expect(us).toEqual(FULL_ACCESS);
    expect(mediaWithheld(us)).toBe(false);
    // XX listed: an unknown country is restricted too (fail closed where the operator asks for it).
    expect(ageAccess({}, true, SETTINGS, NOW).provider).toBe("oidc");
    // An untrusted peer cannot escape by naming another country: it is XX, which is listed here.
    expect(ageAccess({ "cf-ipcountry": "US" }, false, SETTINGS, NOW).provider).toBe("oidc");
  });

  it("fails closed: with only GB listed, an unknown country (no header, a client reaching the origin directly) is checked too", () => {
    // The README's style of configuration, with no rule for unknown countries (issue 32 item 6).
    const gbOnly = { countries: ["GB"], header: "cf-ipcountry", unknownCountry: "check" as const };
    expect(ageAccess({}, true, gbOnly, NOW)).toEqual({ provider: "oidc", passed: false });
    expect(ageAccess({ "cf-ipcountry": "GB" }, false, gbOnly, NOW)).toEqual({ provider: "oidc", passed: false });
    expect(ageAccess({ "cf-ipcountry": "US" }, false, gbOnly, NOW).provider).toBe("oidc");
    // A known other country from the trusted proxy stays on self-declaration.
    expect(ageAccess({ "cf-ipcountry": "US" }, true, gbOnly, NOW)).toEqual(FULL_ACCESS);
    // Only the operator's one explicit setting opens unknown countries.
    expect(ageAccess({}, true, { ...gbOnly, unknownCountry: "open" }, NOW)).toEqual(FULL_ACCESS);
  });

  it("a valid pass in the cookie lifts the restriction", () => {
    const passed = ageAccess({ "cf-ipcountry": "GB", cookie: passedCookie() }, true, SETTINGS, NOW);
    expect(passed).toEqual({ provider: "oidc", passed: true });
    expect(mediaWithheld(passed)).toBe(false);
  });

  it("keys the page cache by the variant a visitor gets", () => {
    expect(ageAccessKey(FULL_ACCESS)).toBe("open");
    expect(ageAccessKey({ provider: "oidc", passed: false })).toBe("withheld");
    expect(ageAccessKey({ provider: "oidc", passed: true })).toBe("passed");
  });
});

describe("the signed ageAssured cookie", () => {
  const header = (value: string) => `ageAssured=${value}`;

  it("passes when signed by us, for the provider asked, and not too old", () => {
    expect(hasPassed(header(assuranceToken("oidc", NOW)), "oidc", NOW)).toBe(true);
    expect(hasPassed(header(assuranceToken("oidc", NOW)), "oidc", NOW + (ASSURANCE_MAX_AGE_SECONDS - 60) * 1000)).toBe(true);
    expect(hasPassed(header(assuranceToken("oidc", NOW)), "oidc", NOW + ASSURANCE_MAX_AGE_SECONDS * 1000)).toBe(false);
  });

  it("refuses tampered, forged, foreign and malformed values", () => {
    const token = assuranceToken("oidc", NOW);
    const [payload, mac] = [token.slice(0, token.lastIndexOf(".")), token.slice(token.lastIndexOf(".") + 1)];
    // A later issue time with the old signature.
    expect(hasPassed(header(`${payload.replace(/~\d+$/, `~${Math.floor(NOW / 1000) + 999}`)}.${mac}`), "oidc", NOW)).toBe(false);
    expect(hasPassed(header(`${payload}.${mac.slice(0, -2)}AA`), "oidc", NOW)).toBe(false);
    expect(hasPassed(header(payload), "oidc", NOW)).toBe(false);
    expect(hasPassed(header("true"), "oidc", NOW)).toBe(false);
    expect(hasPassed("", "oidc", NOW)).toBe(false);
    // Another of our signed tokens (a known-device cookie, a pass of another provider) is not a pass.
    expect(hasPassed(header(sign("kd1~user-1")), "oidc", NOW)).toBe(false);
    expect(hasPassed(header(assuranceToken("self-declaration", NOW)), "oidc", NOW)).toBe(false);
    expect(hasPassed(header(sign(`aa1~oidc~${Math.floor(NOW / 1000)}~extra`)), "oidc", NOW)).toBe(false);
  });
});

describe("withholding stills", () => {
  it("swaps the thumbnail for the blurred still and drops the storyboard", () => {
    const card = { id: "v", thumbnail_url: "/media/videos/v/thumb.jpg", storyboard_url: "/media/videos/v/storyboard.vtt" };
    expect(withholdStills(card)).toEqual({ id: "v", thumbnail_url: WITHHELD_STILL, storyboard_url: null });
    expect(withholdStills({ thumbnail_url: null })).toEqual({ thumbnail_url: WITHHELD_STILL });
  });
});
