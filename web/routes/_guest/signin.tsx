import { createFileRoute } from "@tanstack/react-router";

/** Why a visitor was sent to sign in from a link that needs an account (the landing page's track record link). */
export type SignInReason = "track-record";

/**
 * `oauthError` names why a provider sign-in was refused (the server's OAuth callback sends it here); `next` says
 * which signed-in page a visitor came for, so the page can tell them why they are asked to sign in.
 */
export const Route = createFileRoute("/_guest/signin")({
  validateSearch: (search: Record<string, unknown>): { oauthError?: string; next?: SignInReason } => ({
    ...(typeof search.oauthError === "string" ? { oauthError: search.oauthError } : {}),
    ...(search.next === "track-record" ? { next: "track-record" as const } : {}),
  }),
});
