// The test build's server/services/comments.ts (docs/decisions/0018-test-build.md).
import * as comments from "../../../../server/services/comments";
import { failing } from "../faults";

export * from "../../../../server/services/comments";
export const listThreads = failing("comments.list", comments.listThreads);
export const addComment = failing("comments.submit", comments.addComment);
export const deleteComment = failing("comments.delete", comments.deleteComment);
