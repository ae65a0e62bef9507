import { routeInput } from "~/lib/route-contract.server";
import { defineRoute } from "~core/route-contract";
import { VISITOR_STATE, type ViewerState } from "~core/viewer-state";
import { viewerStateQuery } from "~core/viewer-state-schema";
import { getViewer } from "../../../server/http/session";
import { viewerState } from "../../../server/services/viewer-state";
import type { Route } from "./+types/viewer-state";
import { failureAnswer, jsonAnswer } from "./json-answer";

/**
 * `GET /api/viewer-state?video=<id>&cards=<id>,…`: who is signed in and what is theirs on a page the page
 * cache keeps the same for everyone (core/viewer-state.ts; the browser asks it once after hydration,
 * app/lib/viewer-state.tsx). A visitor (no session, or one that ended) gets `viewer: null` at no query's cost.
 */

export type ViewerStateAnswer = ViewerState | { error: "failed" };

export const contract = defineRoute({
  access: "public",
  kind: "resource",
  input: { query: viewerStateQuery },
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const scope = routeInput(context, contract).query;
  try {
    const viewer = await getViewer({ request, context });
    if (!viewer) return jsonAnswer<ViewerStateAnswer>(200, VISITOR_STATE);
    return jsonAnswer<ViewerStateAnswer>(200, await viewerState(viewer, scope));
  } catch (err) {
    return failureAnswer<ViewerStateAnswer>(context, "viewer state", err, { error: "failed" });
  }
}
