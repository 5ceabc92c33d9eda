import { createRoute } from "@hono/zod-openapi";
import { keptAnswer } from "../../lib/kept-answer.ts";
import {
  createRouter,
  errorResponses,
  jsonResponse,
  notModifiedResponse,
  signedIn,
} from "../../lib/openapi.ts";
import { requireUser } from "../../middleware/auth.ts";
import { EarningsAnswer } from "./earnings.schema.ts";
import { earningsCalendar, readReactionHistory } from "./earnings.service.ts";

const calendar = createRoute({
  operationId: "getEarningsCalendar",
  method: "get",
  path: "/",
  tags: ["Earnings"],
  security: signedIn,
  summary: "Earnings expected in the next 7 days, with the probability of a rise after the report",
  description:
    "In the demo market the dates are estimated from each company's past report reactions (marked estimated; " +
    "measured.dates says how often such a date fell within 1 and 7 sessions of the report); " +
    "EPS and revenue estimates are not available there and are null.",
  middleware: [requireUser] as const,
  responses: {
    200: jsonResponse(EarningsAnswer, "The calendar"),
    ...notModifiedResponse,
    ...errorResponses(401, 503),
  },
});

export const earningsRoutes = createRouter().openapi(calendar, (c) => {
  const deps = c.get("deps");
  // Years of every stored stock's bars are the expensive part: read once per market data version and day. The
  // calendar is priced, so it is kept as long as the market's prices are (a live market's is made each time).
  return keptAnswer(c, {
    slot: "earnings calendar",
    dependsOn: ["prices"],
    part: {
      slot: "earnings reactions",
      dependsOn: ["market"],
      compute: () => readReactionHistory(deps),
    },
    compute: async (reactions) => ({ body: await earningsCalendar(deps, reactions) }),
  });
});
