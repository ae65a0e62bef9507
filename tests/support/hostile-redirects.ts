/**
 * Redirect targets an attacker tries after sign-in (`redirectTo`): every one must end on this site. Shared by
 * the unit test of app/lib/redirect-to.ts and the HTTP tests of each place that redirects
 * (tests/e2e/redirects.spec.ts).
 */
export const HOSTILE_REDIRECTS: readonly string[] = [
  // absolute and scheme-relative
  "https://evil.example/",
  "http://evil.example",
  "HTTPS://evil.example",
  "//evil.example/x",
  "///evil.example/x",
  "////evil.example",
  "https:evil.example",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "evil.example",
  "@evil.example",
  // backslashes, which browsers read as slashes
  "/\\evil.example",
  "\\\\evil.example",
  "/\\/evil.example",
  "\\/evil.example",
  // dot segments that normalise into `//host` (the reported one first)
  "/.//evil.example/x",
  "/./\\evil.example",
  "/..//evil.example",
  "/x/..//evil.example",
  "/%2e//evil.example",
  "/%2E%2E//evil.example",
  "/.%2e//evil.example",
  // encoded slashes and backslashes, once and twice
  "/%2Fevil.example",
  "/%2f%2fevil.example",
  "/%5Cevil.example",
  "/%5cevil.example",
  "/%252F%252Fevil.example",
  "/%255Cevil.example",
  // tabs, newlines and other characters browsers strip or choke on
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "/%09/evil.example",
  "/%0a/evil.example",
  "/%0d%0a/evil.example",
  "/\u0000/evil.example",
  " //evil.example",
  "\t//evil.example",
  // malformed escapes and oversized input
  "/%",
  "/%zz",
  `/${"a".repeat(3000)}`,
  // back to the sign-in page or into the API
  "/login",
  "/LOGIN",
  "/login/",
  "/login?redirectTo=//evil.example",
  "/api/auth/callback/google",
  "/API/auth/sign-out",
  "",
];
