import type { Context } from "hono";
import { matchedRoutes } from "hono/route";
import type { AppEnv } from "../lib/context.ts";
import type { AppMetrics } from "../lib/metrics.ts";

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * The route pattern that answered (`/api/watchlist/:id`), never the path itself: a label per raw path would grow
 * without bound. Middleware is registered for ALL methods; the answering route has its own method. A request no
 * route took is `unmatched`.
 */
function routePattern(c: Context<AppEnv>): string {
  const routes = matchedRoutes(c);
  for (let i = routes.length - 1; i >= 0; i--) {
    const route = routes[i]!;
    if (route.method !== "ALL") return route.path;
  }
  return "unmatched";
}

/** Times every request into the latency histogram, by route pattern, method and status class (decision 088). */
export function observeRequest(metrics: AppMetrics, c: Context<AppEnv>, started: number): void {
  metrics.httpRequests.observe(
    {
      route: routePattern(c),
      method: METHODS.has(c.req.method) ? c.req.method : "OTHER",
      status_class: `${Math.floor(c.res.status / 100)}xx`,
    },
    (performance.now() - started) / 1000,
  );
}
