import { z } from "zod";
import type { EarningsEvent, MarketDataProvider } from "../provider.ts";
import { ProviderError } from "../provider.ts";
import { exchangeDate, getJson, type HttpOptions, quoteEach, unixSeconds } from "./http.ts";

const QuoteAnswer = z.object({ c: z.number(), pc: z.number().nullable().optional(), t: z.number() });
const CandleAnswer = z.object({
  s: z.string(),
  t: z.array(z.number()).optional(),
  o: z.array(z.number()).optional(),
  h: z.array(z.number()).optional(),
  l: z.array(z.number()).optional(),
  c: z.array(z.number()).optional(),
  v: z.array(z.number()).optional(),
});
const ProfileAnswer = z.object({
  ticker: z.string().optional(),
  name: z.string().optional(),
  finnhubIndustry: z.string().optional(),
});
const NewsAnswer = z.array(
  z.object({
    headline: z.string(),
    source: z.string().optional(),
    url: z.string().optional(),
    datetime: z.number(),
  }),
);
const EarningsAnswer = z.object({
  earningsCalendar: z.array(
    z.object({
      symbol: z.string(),
      date: z.string(),
      hour: z.string().nullable().optional(),
      quarter: z.number(),
      year: z.number(),
      epsEstimate: z.number().nullable().optional(),
      epsActual: z.number().nullable().optional(),
      revenueEstimate: z.number().nullable().optional(),
      revenueActual: z.number().nullable().optional(),
    }),
  ),
});

export const FINNHUB_BASE_URL = "https://finnhub.io/api/v1";

const HOURS: Record<string, string> = {
  bmo: "pre-market",
  amc: "post-market",
  dmh: "during market hours",
};

/**
 * Finnhub (needs a key, FINNHUB_API_KEY): quote, daily candles, company profile, company news and the earnings
 * calendar with EPS and revenue estimates. The key travels in the X-Finnhub-Token header, never in URLs (logs).
 */
export function finnhubProvider(options: Partial<HttpOptions> & { apiKey: string }): MarketDataProvider {
  const http: HttpOptions = {
    baseUrl: options.baseUrl ?? FINNHUB_BASE_URL,
    headers: { "x-finnhub-token": options.apiKey },
    timeoutMs: options.timeoutMs,
    fetch: options.fetch,
  };
  const get = <T extends z.ZodType>(path: string, schema: T) => getJson("Finnhub", http, path, schema);
  const q = encodeURIComponent;

  return {
    name: "finnhub",
    quotes: (symbols) =>
      quoteEach(symbols, async (symbol) => {
        const answer = await get(`/quote?symbol=${q(symbol)}`, QuoteAnswer);
        // Finnhub answers an unknown symbol with zeros rather than an error.
        if (answer.c <= 0 || answer.t <= 0) return null;
        return {
          symbol,
          price: answer.c,
          previousClose: answer.pc && answer.pc > 0 ? answer.pc : null,
          asOf: new Date(answer.t * 1000).toISOString(),
        };
      }),
    async history(symbol, from, to) {
      const answer = await get(
        `/stock/candle?symbol=${q(symbol)}&resolution=D&from=${unixSeconds(from)}&to=${unixSeconds(to, true)}`,
        CandleAnswer,
      );
      if (answer.s === "no_data")
        throw new ProviderError("unknown-symbol", `Finnhub has no data for ${symbol}.`);
      const { t = [], o = [], h = [], l = [], c = [], v = [] } = answer;
      if (answer.s !== "ok" || [o, h, l, c, v].some((series) => series.length !== t.length)) {
        throw new ProviderError("malformed", "Finnhub answered candles of uneven length.");
      }
      // Finnhub's candles are split-adjusted and carry no separate dividend-adjusted close.
      return t.map((time, i) => ({
        date: exchangeDate(time),
        open: o[i]!,
        high: h[i]!,
        low: l[i]!,
        close: c[i]!,
        adjClose: c[i]!,
        volume: v[i]!,
      }));
    },
    async profile(symbol) {
      const answer = await get(`/stock/profile2?symbol=${q(symbol)}`, ProfileAnswer);
      if (!answer.name) return null;
      const industry = answer.finnhubIndustry ?? "";
      return { symbol, name: answer.name, sector: industry, industry };
    },
    async news(symbol, from, to) {
      const answer = await get(`/company-news?symbol=${q(symbol)}&from=${from}&to=${to}`, NewsAnswer);
      return answer
        .sort((a, b) => b.datetime - a.datetime)
        .slice(0, 10)
        .map((n) => ({
          title: n.headline,
          publisher: n.source ?? null,
          url: n.url ?? null,
          publishedAt: new Date(n.datetime * 1000).toISOString(),
        }));
    },
    async earnings(from, to): Promise<EarningsEvent[]> {
      const answer = await get(`/calendar/earnings?from=${from}&to=${to}`, EarningsAnswer);
      return answer.earningsCalendar.map((e) => ({
        symbol: e.symbol,
        date: e.date,
        time: HOURS[e.hour ?? ""] ?? "time not set",
        quarter: e.quarter,
        year: e.year,
        epsEstimate: e.epsEstimate ?? null,
        epsActual: e.epsActual ?? null,
        revenueEstimate: e.revenueEstimate ?? null,
        revenueActual: e.revenueActual ?? null,
      }));
    },
  };
}
