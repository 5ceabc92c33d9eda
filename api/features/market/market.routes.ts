import { createRoute, z } from "@hono/zod-openapi";
import { SMA } from "trading-signals";
import { createRouter, errorResponses, jsonResponse, signedIn } from "../../lib/openapi.ts";
import { symbol } from "../../lib/validation.ts";
import { barsUpTo, findSecurity } from "../../market/price-history.ts";
import { requireUser } from "../../middleware/auth.ts";

/** Sessions answered: one year shown, plus the 200 before it so the 200-day average covers the whole year. */
const SHOWN = 252;

const History = z
  .object({
    symbol: z.string(),
    asOf: z.string(),
    points: z.array(
      z.object({
        date: z.string(),
        close: z.number(),
        sma50: z.number().nullable(),
        sma200: z.number().nullable(),
      }),
    ),
  })
  .openapi("PriceHistory");

const history = createRoute({
  method: "get",
  path: "/history/{symbol}",
  tags: ["Market data"],
  security: signedIn,
  summary: "The last year of daily closes with the 50- and 200-day averages (for charts)",
  middleware: [requireUser] as const,
  request: { params: z.object({ symbol }) },
  responses: { 200: jsonResponse(History, "Price history"), ...errorResponses(400, 401, 404) },
});

const Status = z
  .object({
    source: z
      .string()
      .openapi({ description: '"demo" (bundled history frozen at its date), "yahoo" or "finnhub"' }),
    demo: z.boolean(),
    asOf: z.string().nullable().openapi({ description: "The market's today (the demo data's date)" }),
  })
  .openapi("MarketStatus");

const status = createRoute({
  method: "get",
  path: "/status",
  tags: ["Market data"],
  summary: "Where market data comes from and the market's date (the UI's 'Demo data as of' badge)",
  responses: { 200: jsonResponse(Status, "Market data source") },
});

export const marketRoutes = createRouter()
  .openapi(status, (c) => {
    const market = c.get("deps").market;
    return c.json(
      {
        source: market?.source ?? "none",
        demo: market?.source === "demo",
        asOf: market?.marketToday() ?? null,
      },
      200,
    );
  })
  .openapi(history, async (c) => {
    const deps = c.get("deps");
    const { symbol: sym } = c.req.valid("param");
    const asOf = deps.market?.marketToday();
    // Live markets fetch the history now (or serve it from the cache); unknown symbols end as the 404 below.
    await deps.market?.prepareHistory([sym]).catch((error: Error) => {
      if (error.name !== "UnknownSymbolError") throw error;
    });
    const security = asOf ? await findSecurity(deps.database.db, sym) : undefined;
    if (!asOf || !security)
      return c.json(
        { message: `Unknown symbol '${sym}': no market data for it.`, code: "UNKNOWN_SYMBOL" },
        404,
      );
    const bars = await barsUpTo(deps.database.db, sym, asOf, SHOWN + 200);
    const sma50 = new SMA(50);
    const sma200 = new SMA(200);
    const points = bars.map((b) => ({
      date: b.date,
      close: b.close,
      // Averages of the split-adjusted close, so they sit on the same scale as the price line.
      sma50: sma50.add(b.close),
      sma200: sma200.add(b.close),
    }));
    return c.json({ symbol: sym, asOf, points: points.slice(-SHOWN) }, 200);
  });
