// The test build's server/services/blog.ts (docs/decisions/0018-test-build.md): the list and the feed share
// one switch.
import * as blog from "../../../../server/services/blog";
import { failing } from "../faults";

export * from "../../../../server/services/blog";
export const listPublishedPosts = failing("blog.list", blog.listPublishedPosts);
export const listFeedPosts = failing("blog.list", blog.listFeedPosts);
export const getPublishedPost = failing("blog.post", blog.getPublishedPost);
