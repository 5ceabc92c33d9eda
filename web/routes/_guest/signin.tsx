import { createFileRoute } from "@tanstack/react-router";
import { safeRedirectPath } from "../../lib/redirect-path.ts";

/**
 * `oauthError` names why a provider sign-in was refused (the server's OAuth callback sends it here); `redirect` is
 * the page a guard sent the visitor from, opened after sign-in (same-origin paths only: safeRedirectPath; anything
 * else is dropped, and sign-in goes to /dashboard). The old `next=track-record` links mean `redirect=/track-record`.
 */
export const Route = createFileRoute("/_guest/signin")({
  validateSearch: (search: Record<string, unknown>): { oauthError?: string; redirect?: string } => {
    const redirect =
      safeRedirectPath(search.redirect) ?? (search.next === "track-record" ? "/track-record" : null);
    return {
      ...(typeof search.oauthError === "string" ? { oauthError: search.oauthError } : {}),
      ...(redirect ? { redirect } : {}),
    };
  },
});
