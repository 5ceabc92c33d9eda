import { createRoute } from "@hono/zod-openapi";
import { createRouter, errorResponses, jsonResponse, signedIn } from "../../lib/openapi.ts";
import { requireUser } from "../../middleware/auth.ts";
import { PreregistrationAnswer } from "./preregistration.schema.ts";
import { preregistrationStatus } from "./preregistration.service.ts";

const status = createRoute({
  operationId: "getPreregistration",
  method: "get",
  path: "/",
  tags: ["Recommendations"],
  security: signedIn,
  summary:
    "The pre-registered test of live model calls: model hash, statistic, power, weeks collected, t so far",
  description:
    "Fixed before any live call was scored (docs/model/preregistration.md): the SHA-256 of the model file that " +
    "serves live calls, the one statistic and test, and how many weeks of live calls it needs (N) against how " +
    "many have resolved (n). Scored as the dates resolve, from the scores of every index member the daily job " +
    "recorded on its own date with that model file and the stored prices: each scoring date's rank correlation, " +
    "the running mean, SD, one-sided t and p (not the verdict), and the verdict once the sample is complete. " +
    "Beside it, `ranges`: the pre-registered check of each stock's range on live calls " +
    "(docs/model/preregistration-ranges.md), the share of outcomes inside, below and above the range served that " +
    "day per volatility fifth, on dates 60 sessions apart, and how many of the dates it needs have resolved.",
  middleware: [requireUser] as const,
  responses: {
    200: jsonResponse(PreregistrationAnswer, "The pre-registration and its progress"),
    ...errorResponses(401),
  },
});

export const preregistrationRoutes = createRouter().openapi(status, async (c) =>
  c.json(await preregistrationStatus(c.get("deps")), 200),
);
