import { license, version } from "../package.json";
import { answerMissesAndErrors, appShell } from "./app-shell.ts";
import { adminRoutes } from "./features/admin/admin.routes.ts";
import { authRoutes } from "./features/auth/auth.routes.ts";
import { earningsRoutes } from "./features/earnings/earnings.routes.ts";
import { healthRoutes } from "./features/health/health.routes.ts";
import { insightRoutes } from "./features/insights/insights.routes.ts";
import { marketRoutes } from "./features/market/market.routes.ts";
import { metricsRoutes } from "./features/metrics/metrics.routes.ts";
import { oauthRoutes } from "./features/oauth/oauth.routes.ts";
import { preregistrationRoutes } from "./features/preregistration/preregistration.routes.ts";
import { recommendationRoutes } from "./features/recommendations/recommendations.routes.ts";
import { alertRoutes } from "./features/watchlist/alerts.routes.ts";
import { watchlistRoutes } from "./features/watchlist/watchlist.routes.ts";
import { API_CONVENTIONS } from "./lib/answer-fields.ts";
import type { AppDeps } from "./lib/context.ts";
import { errorFields } from "./lib/logger.ts";
import {
  API_REFERENCE_CSP,
  API_REFERENCE_SCRIPT_PATH,
  cspHeader,
  TRUSTED_TYPES_SCRIPT_PATH,
} from "./lib/security-headers.ts";

/** Builds the whole API from its dependencies; the Bun server, the Worker and the tests share it. */
export function createApp(deps: AppDeps) {
  const app = appShell(deps);
  app.openAPIRegistry.registerComponent("securitySchemes", "Bearer", {
    type: "http",
    scheme: "bearer",
    description: "A session token (user.authToken from sign-in) or your API key.",
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "Cookie", {
    type: "apiKey",
    in: "cookie",
    name: "sb_session",
  });

  const routes = app
    .route("/api/auth", authRoutes)
    .route("/api/auth", oauthRoutes)
    .route("/api/recommendations", recommendationRoutes)
    .route("/api/watchlist", watchlistRoutes)
    .route("/api/notifications", alertRoutes)
    .route("/api/insights", insightRoutes)
    .route("/api/admin", adminRoutes)
    .route("/api/earnings-calendar", earningsRoutes)
    .route("/api/preregistration", preregistrationRoutes)
    .route("/api/market", marketRoutes)
    .route("/api", healthRoutes);

  // Built on the first request and kept: the routes are all registered by then, and building it takes ~20 ms a
  // time (250 ms on a Worker's first request), which every fetch of the document paid before (issue 43).
  let openApiDocument: string | undefined;
  app.get("/api/openapi.json", (c) => {
    openApiDocument ??= JSON.stringify(app.getOpenAPI31Document(OPENAPI_CONFIG));
    return c.body(openApiDocument, 200, { "content-type": "application/json" });
  });
  // The admin screens send a signed-out admin to /api/login; it exists only to forward to the sign-in page.
  app.get("/api/login", (c) => c.redirect("/signin", 302));
  // Scalar's standalone bundle from the pinned package, copied into dist/ at build and served from our own origin
  // (it runs where the API key and session live); its HTML API needs no inline script. Decision note 020.
  app.get("/api/reference", (c) => {
    c.header("Content-Security-Policy", cspHeader(API_REFERENCE_CSP));
    return c.html(API_REFERENCE_HTML);
  });
  // Prometheus text behind METRICS_TOKEN; outside the API's types and document (decision 088).
  app.route("/metrics", metricsRoutes);
  // For load balancers and uptime checks: the process answers and the database does too.
  app.get("/health", async (c) => {
    try {
      await deps.database.client.execute("select 1");
      return c.json({ ok: true, database: "reachable" });
    } catch (error) {
      deps.log("warn", "Health check: database unreachable", errorFields(error));
      return c.json({ ok: false, database: "unreachable" }, 503);
    }
  });
  answerMissesAndErrors(app);
  return routes;
}

export type AppType = ReturnType<typeof createApp>;

/**
 * The project's licence, as package.json and LICENSE state it (decision note 092). OpenAPI 3.1's SPDX
 * `identifier`, which the library's 3.0-shaped type leaves out.
 */
const API_LICENSE = { name: license, identifier: license };

const OPENAPI_CONFIG = {
  openapi: "3.1.0",
  info: {
    title: "Signalboard API",
    version,
    description:
      "Stock recommendations with calibrated confidence, on-demand analysis, earnings calendar and watchlist. " +
      "Authenticate with the session cookie or `Authorization: Bearer <token or API key>`.\n\n" +
      API_CONVENTIONS,
    license: API_LICENSE,
  },
  // Relative: the document describes whichever host serves it (Bun, a Worker, a proxy in front).
  servers: [{ url: "/", description: "The server this document was fetched from" }],
};

const API_REFERENCE_CONFIG = {
  persistAuth: false,
  telemetry: false,
  withDefaultFonts: false,
  agent: { disabled: true },
};

const API_REFERENCE_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Signalboard API reference</title>
  </head>
  <body>
    <script id="api-reference" data-url="/api/openapi.json" data-configuration='${JSON.stringify(API_REFERENCE_CONFIG)}'></script>
    <script src="${TRUSTED_TYPES_SCRIPT_PATH}"></script>
    <script src="${API_REFERENCE_SCRIPT_PATH}"></script>
  </body>
</html>
`;
