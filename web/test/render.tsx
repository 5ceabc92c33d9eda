import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from "@tanstack/react-router";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { cssVariablesResolver, theme } from "../theme.ts";

/**
 * Renders `ui` inside the app's providers (Mantine with one-toast notifications, a fresh query client and a
 * memory router), as the app would.
 */
export function renderWithProviders(
  ui: ReactNode,
  // Mantine's test environment turns off transitions and portals (dropdowns open at once).
  options: { queryClient?: QueryClient; mantineTestEnv?: boolean } = {},
) {
  const queryClient =
    options.queryClient ??
    new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  const rootRoute = createRootRoute({ component: Outlet });
  const pageRoute = createRoute({ getParentRoute: () => rootRoute, path: "/", component: () => <>{ui}</> });
  const anyRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: "$",
    component: () => <div>elsewhere</div>,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([pageRoute, anyRoute]),
    history: createMemoryHistory({ initialEntries: ["/"] }),
  });
  const result = render(
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      env={options.mantineTestEnv ? "test" : "default"}
    >
      <Notifications limit={1} />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router as never} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, queryClient, router };
}
