import "./lib/trusted-types.ts";
import "./styles.css";
import { MantineProvider } from "@mantine/core";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createRouter, RouterProvider } from "@tanstack/react-router";
import { StrictMode, startTransition, useLayoutEffect } from "react";
import { createRoot } from "react-dom/client";
import { FullPageSpinner } from "./components/full-page-spinner.tsx";
import { ToastOutlet } from "./components/toast-outlet.tsx";
import { latestRecommendationsQueryOptions } from "./features/recommendations/recommendations.queries.ts";
import { alertInboxQueryOptions } from "./features/watchlist/watchlist.queries.ts";
import { currentUserQueryOptions } from "./lib/current-user.queries.ts";
import { appStarted } from "./lib/early-answers.ts";
import { marketStatusQueryOptions } from "./lib/market-status.queries.ts";
import { createQueryClient } from "./lib/query-client.ts";
import { Route as historicalRoute } from "./routes/_authed/_app/dashboard.historical.tsx";
import { Route as dashboardRoute } from "./routes/_authed/_app/dashboard.tsx";
import { prefetchHistorical } from "./routes/-components/dashboard-search.ts";
import { routeTree } from "./routeTree.gen.ts";
import { colorSchemeManager, cssVariablesResolver, theme } from "./theme.ts";

/** The app's router, with the query client in its context (the loaders' cache). */
function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: "intent",
    // A page not ready within 100 ms (the current user loading, a layout waiting to redirect a visitor, a slow chunk)
    // shows a spinner, for at least 200 ms so it does not flicker.
    defaultPendingComponent: FullPageSpinner,
    defaultPendingMs: 100,
    defaultPendingMinMs: 200,
    scrollRestoration: true,
  });
}

type AppRouter = ReturnType<typeof createAppRouter>;

declare module "@tanstack/react-router" {
  interface Register {
    router: AppRouter;
  }
}

/**
 * Resolves in a task of its own. The start-up's steps (the user's request, the router, the early asks, the first
 * render) ran in the task that evaluated the entry: 250-430 ms at 4x CPU, the page's longest; one step a task, the
 * browser paints and handles input between them (decision 169).
 */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

async function start() {
  // The query client's 401 policy navigates with the router, which in turn carries the client in its context. It
  // signs out only a page whose user is known, which takes the user's answer: by then the router is made.
  let router: AppRouter | undefined;
  const queryClient = createQueryClient((to) => void router?.navigate({ to }));

  // The current user's request and the code of every route this address matches start now, side by side. Left to
  // the router, a page's chunk is fetched only after the layouts' beforeLoad has the user: one round trip after
  // another on a phone's network before the first card (decision 047). Failures are the router's to show when it
  // loads them. From here the app asks for itself: the historical document's early script, if it runs later, asks
  // nothing.
  appStarted();
  void queryClient.prefetchQuery(currentUserQueryOptions());
  await nextTask();
  router = createAppRouter(queryClient);
  await nextTask();
  const matches = router.matchRoutes(router.latestLocation);
  for (const match of matches) {
    const route = router.routesById[match.routeId as keyof typeof router.routesById];
    // The dashboard's open tab is a route of its own (decision 074), so its code starts here with the layouts'.
    if (route) void router.loadRouteChunk(route)?.catch(() => undefined);
  }
  // On every dashboard address the Latest tab's cards are asked for beside the user's request rather than after it:
  // dashboard.html has the browser fetch both with the HTML, and these requests take those answers (decision 152).
  // The Latest tab is where sign-in lands and one click from any other tab; its loader then finds them in the cache.
  // A visitor's 401 here is left to the layout's check (decision 149). The historical tab does the same with its
  // search from the address (decision 154). The signed-in header's answers (the market's date, the bell's count)
  // come with the HTML too: asked for once the header renders, they ended after the page's longest tasks, which the
  // first card then waited for (decision 153).
  if (matches.some((match) => match.routeId === dashboardRoute.id)) {
    void queryClient.prefetchQuery(latestRecommendationsQueryOptions());
    void queryClient.prefetchQuery(marketStatusQueryOptions());
    void queryClient.prefetchQuery(alertInboxQueryOptions());
  }
  const historical = matches.find((match) => match.routeId === historicalRoute.id);
  if (historical) prefetchHistorical(queryClient, historical.search);
  await nextTask();
  render(queryClient, router);
}

/**
 * index.html's boot row sits before the stylesheet's link, outside the root, so it leaves in React's first commit
 * itself, where the root's own children would have been replaced (decision 153).
 */
function BootRowRemover() {
  useLayoutEffect(() => document.getElementById("sb-boot")?.remove(), []);
  return null;
}

// A transition, so React renders the first page in slices that yield to the browser instead of one long task
// (a slow phone's main thread stays responsive while the page draws: decision 047).
function render(queryClient: QueryClient, router: AppRouter) {
  const root = createRoot(document.getElementById("root")!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <BootRowRemover />
        <MantineProvider
          theme={theme}
          // The system's light or dark setting until the visitor picks one with the header's toggle (kept across
          // visits).
          defaultColorScheme="auto"
          colorSchemeManager={colorSchemeManager}
          cssVariablesResolver={cssVariablesResolver}
        >
          <ToastOutlet />
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </MantineProvider>
      </StrictMode>,
    ),
  );
}

void start();
