export const AGE_COOKIE = "ageVerified";
export const AGE_STORAGE_KEY = "ageVerified";

export function ageCookieValue(secure: boolean): string {
  return `${AGE_COOKIE}=true; Path=/; Max-Age=31536000; SameSite=Lax${secure ? "; Secure" : ""}`;
}
