import { createRoute } from "@hono/zod-openapi";
import { sendKept } from "../../lib/kept-answer.ts";
import { createRouter, errorResponses, jsonResponse, signedIn } from "../../lib/openapi.ts";
import { requireUser } from "../../middleware/auth.ts";
import { EarningsAnswer } from "./earnings.schema.ts";
import { earningsAnswer } from "./earnings.service.ts";

const calendar = createRoute({
  operationId: "getEarningsCalendar",
  method: "get",
  path: "/",
  tags: ["Earnings"],
  security: signedIn,
  summary: "Earnings expected in the next 7 days, with the probability of a rise after the report",
  description:
    "In the demo market the dates are estimated from each company's past report reactions (marked estimated); " +
    "EPS and revenue estimates are not available there and are null.",
  middleware: [requireUser] as const,
  responses: { 200: jsonResponse(EarningsAnswer, "The calendar"), ...errorResponses(401, 503) },
});

export const earningsRoutes = createRouter().openapi(calendar, async (c) =>
  sendKept(c, await earningsAnswer(c.get("deps"), c.var.versions), 200),
);
