import { Hono } from "hono";
import { timingSafeEqual } from "hono/utils/buffer";
import type { AppEnv } from "../../lib/context.ts";
import { gaugeText, PROMETHEUS_CONTENT_TYPE, renderMetrics } from "../../lib/metrics.ts";
import { AUTH_REALM } from "../../middleware/auth.ts";
import { lastJobSuccesses } from "./metrics.service.ts";

const BEARER = /^Bearer +(\S+)$/i;

/**
 * GET /metrics: Prometheus text for a scraper holding METRICS_TOKEN (decision 088). Off without the token; absent
 * on Workers, where each isolate counts only its own requests and a scrape would see one isolate at random.
 */
export const metricsRoutes = new Hono<AppEnv>().get("/", async (c) => {
  const { metrics, config, database } = c.get("deps");
  if (!metrics) {
    return c.json(
      {
        message:
          "Metrics are not served on Workers: each isolate counts only its own requests, so a scrape would see " +
          "one isolate at random. Use the Workers analytics of your Cloudflare dashboard.",
        code: "METRICS_NOT_ON_WORKERS",
      },
      404,
    );
  }
  const token = config.metricsToken;
  if (!token) {
    return c.json(
      {
        message: "Metrics are off: set METRICS_TOKEN and scrape /metrics with Authorization: Bearer <token>.",
        code: "METRICS_OFF",
      },
      404,
    );
  }
  const authorization = c.req.header("authorization");
  const given = authorization ? BEARER.exec(authorization)?.[1] : undefined;
  // Compared through SHA-256 digests in constant time: neither the length nor a prefix of the token leaks.
  if (!given || !(await timingSafeEqual(token, given))) {
    c.header(
      "WWW-Authenticate",
      authorization ? `Bearer realm="${AUTH_REALM}", error="invalid_token"` : `Bearer realm="${AUTH_REALM}"`,
    );
    return c.json(
      {
        message: "Unauthorized: /metrics needs Authorization: Bearer <METRICS_TOKEN>.",
        code: "UNAUTHORIZED",
      },
      401,
    );
  }
  const lastSuccesses = await lastJobSuccesses(database.db);
  const text =
    renderMetrics(metrics) +
    gaugeText(
      "signalboard_job_last_success_timestamp_seconds",
      "When each scheduled job last finished, by any process (Unix time).",
      lastSuccesses.map(({ job, finishedAt }) => [{ job }, finishedAt.getTime() / 1000]),
    );
  return c.body(text, 200, { "Content-Type": PROMETHEUS_CONTENT_TYPE });
});
