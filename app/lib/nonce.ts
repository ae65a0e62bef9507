import { createContext, useContext } from "react";

/** The per-response CSP nonce, provided by entry.server; empty in the browser (scripts are already trusted). */
export const NonceContext = createContext<string>("");

export function useNonce(): string {
  return useContext(NonceContext);
}
