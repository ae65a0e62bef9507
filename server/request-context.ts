import { createContext } from "react-router";

/** Per-request facts set by the Express layer and read by loaders/actions. */
export interface RequestInfo {
  requestId: string;
  clientIp: string | null;
  userAgent: string | null;
}

export const requestInfoContext = createContext<RequestInfo>({ requestId: "-", clientIp: null, userAgent: null });
