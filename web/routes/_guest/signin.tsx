import { createFileRoute } from "@tanstack/react-router";

/** `oauthError` names why a provider sign-in was refused (the server's OAuth callback sends it here). */
export const Route = createFileRoute("/_guest/signin")({
  validateSearch: (search: Record<string, unknown>): { oauthError?: string } =>
    typeof search.oauthError === "string" ? { oauthError: search.oauthError } : {},
});
