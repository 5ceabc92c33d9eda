import { Anchor, Center, Stack, Text, Title } from "@mantine/core";
import type { QueryClient } from "@tanstack/react-query";
import { createRootRouteWithContext, Link, Outlet, useRouterState } from "@tanstack/react-router";
import { useEffect } from "react";
import { RouteError } from "../components/route-error.tsx";
import { SessionGuard } from "../features/auth/session-guard.tsx";

/** What every route's `beforeLoad` and loader get; the signed-in layout adds the `user`. */
export interface RouterContext {
  queryClient: QueryClient;
}

function NotFound() {
  return (
    <Center mih="100vh" p="md" component="main">
      <Stack align="center" gap="sm" ta="center">
        <Text fz={64} fw={800} c="indigo" lh={1}>
          404
        </Text>
        <Title order={1}>Page Not Found</Title>
        <Text c="dimmed">The page you are looking for does not exist or has moved.</Text>
        <Anchor component={Link} to="/">
          Go back home
        </Anchor>
      </Stack>
    </Center>
  );
}

const APP_NAME = "Signalboard";

/**
 * Each page's document title, by the id of the deepest route matched that has one (a tab's route takes its page's:
 * "/" is the landing page or the dashboard).
 */
const TITLES: Record<string, string> = {
  "/_authed/_app/dashboard": "Dashboard",
  "/_authed/_app/insights": "Stock Insights",
  "/_authed/_app/track-record": "Track Record",
  "/_authed/_admin/admin": "Admin",
  "/_guest/signin": "Sign in",
  "/_guest/register": "Create your account",
  "/_guest/forgot-password": "Reset password",
  "/api-docs": "API Documentation",
  "/api-key": "API Key",
  "/terms": "Terms of Service",
  "/privacy": "Privacy Policy",
};

/** "Dashboard · Signalboard" and the like, so tabs, history and bookmarks tell the pages apart. */
function pageTitle(
  matches: ReadonlyArray<{ routeId: string; status: string; _notFound?: boolean; context: unknown }>,
) {
  // A path no route matches leaves the root as the only match, marked not found.
  if (matches.some((m) => m.status === "notFound" || m._notFound)) return `Page Not Found · ${APP_NAME}`;
  const deepest = matches.at(-1);
  if (!deepest) return APP_NAME;
  if (deepest.routeId === "/") {
    const signedIn = Boolean((deepest.context as { user?: unknown }).user);
    return signedIn ? `Dashboard · ${APP_NAME}` : `${APP_NAME}: stock recommendations you can check`;
  }
  const title = matches.findLast((m) => TITLES[m.routeId])?.routeId;
  return title ? `${TITLES[title]} · ${APP_NAME}` : APP_NAME;
}

function DocumentTitle() {
  const title = useRouterState({ select: (s) => pageTitle(s.matches) });
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}

function Root() {
  return (
    <>
      <DocumentTitle />
      <SessionGuard />
      <Outlet />
    </>
  );
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
  // Any path no route matches, including deeper ones such as /dashboard/extra.
  notFoundComponent: NotFound,
  errorComponent: RouteError,
});
