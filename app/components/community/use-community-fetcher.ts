import { useEffect } from "react";
import { useFetcher, useNavigate } from "react-router";
import { useMessages } from "~/lib/i18n";
import type { CommunityAnswer } from "~core/community-answer";

/**
 * A fetcher for the like and comment endpoints: a visitor's "sign in first" answer goes to the sign-in page
 * (which comes back here); `error` is the failed answer's text, in the page's language, while nothing newer is
 * under way.
 */
export function useCommunityFetcher(key?: string, { followSignIn = true } = {}) {
  const t = useMessages("community");
  const fetcher = useFetcher<CommunityAnswer>(key ? { key } : undefined);
  const navigate = useNavigate();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const signIn = answer && !answer.ok ? answer.signIn : undefined;
  useEffect(() => {
    if (signIn && followSignIn) navigate(signIn);
  }, [signIn, followSignIn, navigate]);
  const error = answer && !answer.ok && !(answer.signIn && followSignIn) ? t(answer.code, answer.values) : null;
  return { fetcher, busy: fetcher.state !== "idle", error, signIn, answer };
}
