export const AGE_COOKIE = "ageVerified";
export const AGE_STORAGE_KEY = "ageVerified";

/** Reads one cookie value from a Cookie header (no decoding surprises: our values are plain ASCII). */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const [k, ...rest] = part.trim().split("=");
    if (k === name) return rest.join("=");
  }
  return undefined;
}

export function ageCookieValue(secure: boolean): string {
  return `${AGE_COOKIE}=true; Path=/; Max-Age=31536000; SameSite=Lax${secure ? "; Secure" : ""}`;
}
