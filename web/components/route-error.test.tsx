import { afterEach, describe, expect, test } from "bun:test";
import { MantineProvider } from "@mantine/core";
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from "@tanstack/react-router";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { theme } from "../theme.ts";
import { RouteError } from "./route-error.tsx";

afterEach(cleanup);

/** A route whose loader fails `failures` times, then answers; the error component as the app's routes set it. */
function renderFailingRoute(failures: number) {
  let calls = 0;
  const rootRoute = createRootRoute({ component: Outlet, errorComponent: RouteError });
  const pageRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: "/",
    loader: () => {
      calls += 1;
      if (calls <= failures) throw new Error("Failed to fetch dynamically imported module");
      return "loaded";
    },
    component: function Page() {
      return <p>{pageRoute.useLoaderData()}</p>;
    },
    errorComponent: RouteError,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([pageRoute]),
    history: createMemoryHistory({ initialEntries: ["/"] }),
  });
  render(
    <MantineProvider theme={theme}>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return { calls: () => calls };
}

describe("RouteError", () => {
  test("a loader that throws shows a plain message and a Retry, not the error's text", async () => {
    renderFailingRoute(Number.POSITIVE_INFINITY);
    expect(await screen.findByRole("heading", { name: "This page could not be loaded" })).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toContain("Check your connection and try again.");
    expect(screen.queryByText(/dynamically imported/)).toBeNull();
    expect(screen.getByRole("button", { name: "Retry" })).toBeTruthy();
  });

  test("Retry loads the route again: the page shows once its loader answers", async () => {
    const route = renderFailingRoute(1);
    await userEvent.click(await screen.findByRole("button", { name: "Retry" }));
    expect(await screen.findByText("loaded")).toBeTruthy();
    expect(route.calls()).toBe(2);
    expect(screen.queryByRole("heading", { name: "This page could not be loaded" })).toBeNull();
  });
});
