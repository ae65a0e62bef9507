import { createContext } from "react-router";
import { type AgeAccess, FULL_ACCESS } from "../../core/age-assurance";
import type { RouteMatch } from "./route-table";

/** Per-request facts set by the Express layer and read by loaders/actions. */
export interface RequestInfo {
  requestId: string;
  clientIp: string | null;
  userAgent: string | null;
  /** CSP nonce for this response's inline scripts. */
  nonce: string;
  /**
   * Says this answer shows a fallback (a failed service call's error state, a render error after the
   * shell): the page micro-cache must not keep it. Absent outside the Express layer.
   */
  markDegraded?: () => void;
}

export const requestInfoContext = createContext<RequestInfo>({ requestId: "-", clientIp: null, userAgent: null, nonce: "" });

/** The route this request matched in the route table, with its declared contract (server/http/route-table.ts). */
export const routeContext = createContext<RouteMatch | null>(null);

/** The visitor's age-assurance standing (server/age-assurance/access.ts): whether explicit media are withheld. */
export const ageAccessContext = createContext<AgeAccess>(FULL_ACCESS);
