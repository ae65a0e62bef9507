// The test build's server/services/likes.ts (docs/decisions/0018-test-build.md).
import * as likes from "../../../../server/services/likes";
import { failing } from "../faults";

export * from "../../../../server/services/likes";
export const setLike = failing("likes.update", likes.setLike);
