import { Anchor, Center, Stack, Text, Title } from "@mantine/core";
import type { QueryClient } from "@tanstack/react-query";
import { createRootRouteWithContext, Link, Outlet, useRouterState } from "@tanstack/react-router";
import { useEffect } from "react";
import { RouteError } from "../components/route-error.tsx";
import { SessionGuard } from "../features/auth/session-guard.tsx";
import { pageTitle } from "./-components/page-title.ts";

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
