import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import "./app.css";
import { MantineProvider } from "@mantine/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { createRouter, RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { FullPageSpinner } from "./components/full-page-spinner.tsx";
import { ToastOutlet } from "./components/toast-outlet.tsx";
import { createQueryClient } from "./lib/query-client.ts";
import { routeTree } from "./routeTree.gen.ts";
import { colorSchemeManager, cssVariablesResolver, theme } from "./theme.ts";

// The query client's 401 policy navigates with the router, which in turn carries the client in its context.
const queryClient = createQueryClient((to) => void router.navigate({ to }));

const router = createRouter({
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

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <MantineProvider
      theme={theme}
      // The system's light or dark setting until the visitor picks one with the header's toggle (kept across visits).
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
);
