import { z } from "zod";
import { optionalText, type SettingsCheck } from "./values";

/**
 * Where ads may come from: the origins the Content-Security-Policy opens for them and the ad network's banner
 * script (docs/decisions/0009-preroll-vast.md, docs/decisions/0011-ad-slots-live.md; the CSP: server/http/headers.ts).
 */

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

export const adSettings = {
  /**
   * Comma-separated origins (`https://ads.example.com`) that ads may load from: the only hosts the
   * Content-Security-Policy opens for ad requests, media and tracking pixels. A VAST tag must be on one.
   */
  AD_HOSTS: adHostsSchema(),
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
};

export const checkAds: SettingsCheck<typeof adSettings> = (e, ctx) => {
  // A script the CSP would block fails on every page view: refuse the configuration at start instead.
  if (e.AD_SCRIPT_URL && !e.AD_HOSTS.includes(new URL(e.AD_SCRIPT_URL.split("{zoneId}").join("0")).origin)) {
    ctx.addIssue({ code: "custom", path: ["AD_SCRIPT_URL"], message: "its origin must be listed in AD_HOSTS" });
  }
};
