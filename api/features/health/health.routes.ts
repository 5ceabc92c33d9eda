import { createRoute } from "@hono/zod-openapi";
import { createRouter, jsonResponse } from "../../lib/openapi.ts";
import { HealthAnswer, NotReadyAnswer, ReadyAnswer } from "./health.schema.ts";
import { readiness } from "./health.service.ts";

// Public and outside the rate limits: probes call these every few seconds, with no credentials.
const health = createRoute({
  operationId: "getHealth",
  method: "get",
  path: "/health",
  tags: ["Health"],
  security: [],
  summary: "Liveness: the process answers",
  description:
    "Touches nothing else (not the database), so a slow database never gets the process restarted.",
  responses: { 200: jsonResponse(HealthAnswer, "The process is up") },
});

const ready = createRoute({
  operationId: "getReadiness",
  method: "get",
  path: "/ready",
  tags: ["Health"],
  security: [],
  summary: "Readiness: database reachable, migrations applied, market configured",
  description: "503 names each check that failed, in `failed` and in words in `checks`.",
  responses: {
    200: jsonResponse(ReadyAnswer, "Ready to serve"),
    503: jsonResponse(NotReadyAnswer, "Not ready: which checks failed"),
  },
});

export const healthRoutes = createRouter()
  .openapi(health, (c) => c.json({ status: "ok" as const }, 200))
  .openapi(ready, async (c) => {
    const result = await readiness(c.get("deps"));
    if (result.ready) return c.json({ status: "ok" as const, checks: result.checks }, 200);
    return c.json(
      {
        status: "unavailable" as const,
        message: `Not ready: ${result.failed.join(", ")}.`,
        code: "NOT_READY" as const,
        failed: result.failed,
        checks: result.checks,
      },
      503,
    );
  });
