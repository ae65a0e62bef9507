import { useNavigation } from "react-router";
import { FEED_PATH } from "./seo";

/**
 * Which blog screen a client-side navigation is loading, if any. The page being left stays mounted while
 * the next one loads, so the blog screens show the SPEC.md loading text for the screen that is coming.
 */
export function usePendingBlogScreen(): "list" | "post" | null {
  const navigation = useNavigation();
  if (navigation.state !== "loading") return null;
  const path = navigation.location.pathname.replace(/\/+$/, "");
  if (path === "/blog") return "list";
  if (path.startsWith("/blog/") && path !== FEED_PATH && !path.slice(6).includes("/")) return "post";
  return null;
}
