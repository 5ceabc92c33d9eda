// Every feature's routes, where createApp mounts them, in its order: the one list both the whole app (app.ts) and a
// Worker's one-feature apps (feature-apps.ts) mount from. Each is imported with `import()`, so the Worker's build
// makes each feature a module of its own that an isolate evaluates only when a request needs it (decision 158).
export const FEATURE_ROUTES = {
  auth: {
    mountedAt: "/api/auth",
    routes: () => import("./features/auth/auth.routes.ts").then((m) => m.authRoutes),
  },
  oauth: {
    mountedAt: "/api/auth",
    routes: () => import("./features/oauth/oauth.routes.ts").then((m) => m.oauthRoutes),
  },
  recommendations: {
    mountedAt: "/api/recommendations",
    routes: () =>
      import("./features/recommendations/recommendations.routes.ts").then((m) => m.recommendationRoutes),
  },
  watchlist: {
    mountedAt: "/api/watchlist",
    routes: () => import("./features/watchlist/watchlist.routes.ts").then((m) => m.watchlistRoutes),
  },
  alerts: {
    mountedAt: "/api/notifications",
    routes: () => import("./features/watchlist/alerts.routes.ts").then((m) => m.alertRoutes),
  },
  insights: {
    mountedAt: "/api/insights",
    routes: () => import("./features/insights/insights.routes.ts").then((m) => m.insightRoutes),
  },
  admin: {
    mountedAt: "/api/admin",
    routes: () => import("./features/admin/admin.routes.ts").then((m) => m.adminRoutes),
  },
  earnings: {
    mountedAt: "/api/earnings-calendar",
    routes: () => import("./features/earnings/earnings.routes.ts").then((m) => m.earningsRoutes),
  },
  preregistration: {
    mountedAt: "/api/preregistration",
    routes: () =>
      import("./features/preregistration/preregistration.routes.ts").then((m) => m.preregistrationRoutes),
  },
  market: {
    mountedAt: "/api/market",
    routes: () => import("./features/market/market.routes.ts").then((m) => m.marketRoutes),
  },
  // Mounted at /api beside the document and the reference, so it owns only its own two paths.
  health: {
    mountedAt: "/api",
    owns: ["/api/health", "/api/ready"],
    routes: () => import("./features/health/health.routes.ts").then((m) => m.healthRoutes),
  },
} as const;

export type FeatureName = keyof typeof FEATURE_ROUTES;

/** Each feature's router, loaded. */
export type FeatureRouters = {
  [F in FeatureName]: Awaited<ReturnType<(typeof FEATURE_ROUTES)[F]["routes"]>>;
};

/** The paths a feature owns, with every path below them: no other router of the whole app answers one. */
export function ownedPaths(name: FeatureName): readonly string[] {
  const feature = FEATURE_ROUTES[name];
  return "owns" in feature ? feature.owns : [feature.mountedAt];
}

/** Every feature's router, each module imported. */
export async function loadFeatureRouters(): Promise<FeatureRouters> {
  const names = Object.keys(FEATURE_ROUTES) as FeatureName[];
  const routers = await Promise.all(names.map((name) => FEATURE_ROUTES[name].routes()));
  return Object.fromEntries(names.map((name, i) => [name, routers[i]])) as FeatureRouters;
}
