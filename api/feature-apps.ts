// A Worker's first request to a feature is answered by an app holding that feature's routes alone, so the isolate
// loads only the modules that feature needs. Every path a feature owns answers as the whole app answers it.
import { answerMissesAndErrors, appShell } from "./app-shell.ts";
import type { AppDeps } from "./lib/context.ts";
import type { createRouter } from "./lib/openapi.ts";

type FeatureRoutes = ReturnType<typeof createRouter>;

export interface Feature {
  /** Where createApp mounts the feature's routers. */
  mountedAt: string;
  /** The paths it owns, and every path below them: no other router of the whole app answers one. */
  owns: readonly string[];
  routers: () => Promise<FeatureRoutes[]>;
}

/** The features of createApp (app.ts), mounted as it mounts them. */
export const FEATURES: readonly Feature[] = [
  {
    mountedAt: "/api/auth",
    owns: ["/api/auth"],
    routers: async () => [
      (await import("./features/auth/auth.routes.ts")).authRoutes,
      (await import("./features/oauth/oauth.routes.ts")).oauthRoutes,
    ],
  },
  {
    mountedAt: "/api/recommendations",
    owns: ["/api/recommendations"],
    routers: async () => [
      (await import("./features/recommendations/recommendations.routes.ts")).recommendationRoutes,
    ],
  },
  {
    mountedAt: "/api/watchlist",
    owns: ["/api/watchlist"],
    routers: async () => [(await import("./features/watchlist/watchlist.routes.ts")).watchlistRoutes],
  },
  {
    mountedAt: "/api/notifications",
    owns: ["/api/notifications"],
    routers: async () => [(await import("./features/watchlist/alerts.routes.ts")).alertRoutes],
  },
  {
    mountedAt: "/api/insights",
    owns: ["/api/insights"],
    routers: async () => [(await import("./features/insights/insights.routes.ts")).insightRoutes],
  },
  {
    mountedAt: "/api/admin",
    owns: ["/api/admin"],
    routers: async () => [(await import("./features/admin/admin.routes.ts")).adminRoutes],
  },
  {
    mountedAt: "/api/earnings-calendar",
    owns: ["/api/earnings-calendar"],
    routers: async () => [(await import("./features/earnings/earnings.routes.ts")).earningsRoutes],
  },
  {
    mountedAt: "/api/preregistration",
    owns: ["/api/preregistration"],
    routers: async () => [
      (await import("./features/preregistration/preregistration.routes.ts")).preregistrationRoutes,
    ],
  },
  {
    mountedAt: "/api/market",
    owns: ["/api/market"],
    routers: async () => [(await import("./features/market/market.routes.ts")).marketRoutes],
  },
  {
    mountedAt: "/api",
    owns: ["/api/health", "/api/ready"],
    routers: async () => [(await import("./features/health/health.routes.ts")).healthRoutes],
  },
];

/** The feature owning a path (the URL's pathname as sent), if any. */
export function featureOwning(pathname: string): Feature | undefined {
  return FEATURES.find((f) => f.owns.some((p) => pathname === p || pathname.startsWith(`${p}/`)));
}

/** An app with the every-request layers and one feature's routes, answering misses and errors as createApp does. */
export async function featureApp(deps: AppDeps, feature: Feature) {
  const app = appShell(deps);
  for (const routes of await feature.routers()) app.route(feature.mountedAt, routes);
  answerMissesAndErrors(app);
  return app;
}
