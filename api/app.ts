import { license, version } from "../package.json";
import { answerMissesAndErrors, appShell } from "./app-shell.ts";
import { FEATURE_ROUTES, type FeatureName, loadFeatureRouters } from "./feature-routes.ts";
import { metricsRoutes } from "./features/metrics/metrics.routes.ts";
import { API_CONVENTIONS } from "./lib/answer-fields.ts";
import type { AppDeps } from "./lib/context.ts";
import { errorFields } from "./lib/logger.ts";
import {
  API_REFERENCE_CSP,
  API_REFERENCE_SCRIPT_PATH,
  cspHeader,
  TRUSTED_TYPES_SCRIPT_PATH,
} from "./lib/security-headers.ts";

// Every feature's routes, from the one list a Worker's one-feature apps mount from too (feature-routes.ts).
const ROUTERS = await loadFeatureRouters();
const at = <F extends FeatureName>(name: F): (typeof FEATURE_ROUTES)[F]["mountedAt"] =>
  FEATURE_ROUTES[name].mountedAt;

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

  // One mount per feature of FEATURE_ROUTES, in its order, chained so AppType carries every route's types
  // (feature-routes.test.ts fails when a feature of the list is not mounted here).
  const routes = app
    .route(at("auth"), ROUTERS.auth)
    .route(at("oauth"), ROUTERS.oauth)
    .route(at("recommendations"), ROUTERS.recommendations)
    .route(at("watchlist"), ROUTERS.watchlist)
    .route(at("alerts"), ROUTERS.alerts)
    .route(at("insights"), ROUTERS.insights)
    .route(at("admin"), ROUTERS.admin)
    .route(at("earnings"), ROUTERS.earnings)
    .route(at("preregistration"), ROUTERS.preregistration)
    .route(at("market"), ROUTERS.market)
    .route(at("health"), ROUTERS.health);

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
