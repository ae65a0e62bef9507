import { createContext } from "react-router";

/** Per-request facts set by the Express layer and read by loaders/actions. */
export interface RequestInfo {
  requestId: string;
  clientIp: string | null;
  userAgent: string | null;
  /** CSP nonce for this response's inline scripts. */
  nonce: string;
}

export const requestInfoContext = createContext<RequestInfo>({ requestId: "-", clientIp: null, userAgent: null, nonce: "" });
