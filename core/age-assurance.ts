/**
 * Age assurance as both sides of the page see it (docs/decisions/0028-age-assurance.md). Where the visitor's
 * jurisdiction asks for more than self-declaration, explicit media are withheld until they pass the configured
 * provider: the server sends a generic blurred still instead of posters and thumbnails, no stream and no
 * storyboard, and refuses play tokens and media files. Titles, descriptions and structured data stay.
 */

/** The signed cookie that remembers a passed check (server/age-assurance/assurance-cookie.ts). */
export const AGE_ASSURED_COOKIE = "ageAssured";

/**
 * What a withheld poster or thumbnail shows: one static, deliberately content-free blurred still (public/), the
 * same for every video, so nothing of the video leaks and nothing has to be generated or stored per video.
 */
export const WITHHELD_STILL = "/age-check-still.svg";

/** The visitor's standing, decided on the server for every request (server/age-assurance/access.ts). */
export interface AgeAccess {
  /** The provider this visitor's jurisdiction requires: `self-declaration` (the gate) or a stronger one. */
  provider: "self-declaration" | "oidc";
  /** They passed it (always true for self-declaration, which the gate handles on its own). */
  passed: boolean;
}

export const FULL_ACCESS: AgeAccess = { provider: "self-declaration", passed: true };

/** Explicit media are withheld from this visitor. */
export function mediaWithheld(access: AgeAccess): boolean {
  return access.provider !== "self-declaration" && !access.passed;
}

/** A card or video with its media swapped for the blurred still and its storyboard dropped. */
export function withholdStills<T extends { thumbnail_url: string | null; storyboard_url?: string | null }>(item: T): T {
  return { ...item, thumbnail_url: WITHHELD_STILL, ...("storyboard_url" in item ? { storyboard_url: null } : {}) };
}
