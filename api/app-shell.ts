// The layers every request passes whatever feature answers it, and the answers to a miss and an error: shared by
// the whole app (app.ts) and by a Worker's one-feature apps (feature-apps.ts). It imports no feature.
import { bodyLimit } from "hono/body-limit";
import type { AppDeps } from "./lib/context.ts";
import { createRouter } from "./lib/openapi.ts";
import { ApiFailure } from "./lib/result.ts";
import { resolveAuth } from "./middleware/auth.ts";
import { corsForListedOrigins } from "./middleware/cors.ts";
import { refuseCrossSiteCookieWrites } from "./middleware/cross-site.ts";
import { handleError, notFoundHandler } from "./middleware/errors.ts";
import { everyRequest } from "./middleware/every-request.ts";

/** JSON bodies above this size are refused with 413 before anything parses them. */
export const MAX_BODY_BYTES = 64 * 1024;

/** A router with the every-request layers (log, CORS, body limit, auth, cross-site check) and no route yet. */
export function appShell(deps: AppDeps) {
  const app = createRouter();
  app.use("*", everyRequest(deps));
  if (deps.config.corsOrigins?.length) app.use("/api/*", corsForListedOrigins(deps.config.corsOrigins));
  // Only requests that may carry a body or change something pass the body limit and the cross-site check: a GET
  // passing them cost a signed-in read two more layers (decision 094).
  const WRITES = ["POST", "PUT", "PATCH", "DELETE"];
  app.on(
    WRITES,
    "/api/*",
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => {
        throw new ApiFailure(413, {
          message: `Request body too large (limit ${MAX_BODY_BYTES / 1024} KB).`,
          code: "TOO_LARGE",
        });
      },
    }),
  );
  app.use("/api/*", resolveAuth);
  app.on(WRITES, "/api/*", refuseCrossSiteCookieWrites);
  return app;
}

/** Once every route is mounted: 404 (or 405 with Allow) for a miss, and the one error answer. */
export function answerMissesAndErrors(app: ReturnType<typeof appShell>) {
  // 405 with Allow for a known API path under another method: the routes are read on the first miss.
  app.notFound(notFoundHandler(app.routes));
  app.onError(handleError);
}
