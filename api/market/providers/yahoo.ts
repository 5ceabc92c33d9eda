import { z } from "zod";
import type { CompanyProfile, Headline, MarketDataProvider, ProviderBar } from "../provider.ts";
import { ProviderError } from "../provider.ts";
import { exchangeDate, getJson, type HttpOptions, quoteEach, unixSeconds } from "./http.ts";

const num = z.number().nullable().optional();

const ChartAnswer = z.object({
  chart: z.object({
    result: z
      .array(
        z.object({
          meta: z.object({
            symbol: z.string(),
            regularMarketPrice: z.number().optional(),
            regularMarketTime: z.number().optional(),
            chartPreviousClose: num,
            previousClose: num,
            exchangeTimezoneName: z.string().optional(),
            longName: z.string().optional(),
            shortName: z.string().optional(),
          }),
          timestamp: z.array(z.number()).optional(),
          indicators: z.object({
            quote: z.array(
              z.object({
                open: z.array(num).optional(),
                high: z.array(num).optional(),
                low: z.array(num).optional(),
                close: z.array(num).optional(),
                volume: z.array(num).optional(),
              }),
            ),
            adjclose: z.array(z.object({ adjclose: z.array(num) })).optional(),
          }),
        }),
      )
      .nullable(),
    error: z.object({ code: z.string(), description: z.string() }).nullable().optional(),
  }),
});

const SearchAnswer = z.object({
  quotes: z
    .array(
      z.object({
        symbol: z.string().optional(),
        longname: z.string().optional(),
        shortname: z.string().optional(),
        sector: z.string().optional(),
        industry: z.string().optional(),
      }),
    )
    .default([]),
  news: z
    .array(
      z.object({
        title: z.string(),
        publisher: z.string().optional(),
        link: z.string().optional(),
        providerPublishTime: z.number(),
        relatedTickers: z.array(z.string()).optional(),
      }),
    )
    .default([]),
});

export const YAHOO_BASE_URL = "https://query2.finance.yahoo.com";

/**
 * Yahoo Finance without a key: the v8 chart endpoint for quotes and daily history, the v1 search endpoint for
 * the company profile and headlines. Both work without Yahoo's cookie-and-crumb handshake (quoteSummary and v7
 * quote need it), so the client stays small and runs the same on Bun and Workers.
 */
export function yahooProvider(options: Partial<HttpOptions> = {}): MarketDataProvider {
  const http: HttpOptions = {
    baseUrl: options.baseUrl ?? YAHOO_BASE_URL,
    headers: { "user-agent": "Mozilla/5.0 (compatible; Signalboard/0.1)", ...options.headers },
    timeoutMs: options.timeoutMs,
    fetch: options.fetch,
  };
  const chart = async (symbol: string, query: string) => {
    const answer = await getJson(
      "Yahoo Finance",
      http,
      `/v8/finance/chart/${encodeURIComponent(symbol)}?${query}`,
      ChartAnswer,
    );
    const result = answer.chart.result?.[0];
    if (!result) throw new ProviderError("unknown-symbol", `Yahoo Finance has no data for ${symbol}.`);
    return result;
  };
  const search = (symbol: string, quotes: number, news: number) =>
    getJson(
      "Yahoo Finance",
      http,
      `/v1/finance/search?q=${encodeURIComponent(symbol)}&quotesCount=${quotes}&newsCount=${news}&enableFuzzyQuery=false`,
      SearchAnswer,
    );

  return {
    name: "yahoo",
    quotes: (symbols) =>
      quoteEach(symbols, async (symbol) => {
        const { meta } = await chart(symbol, "range=1d&interval=1d");
        if (meta.regularMarketPrice === undefined) return null;
        return {
          symbol,
          price: meta.regularMarketPrice,
          previousClose: meta.previousClose ?? meta.chartPreviousClose ?? null,
          asOf: new Date((meta.regularMarketTime ?? 0) * 1000).toISOString(),
        };
      }),
    async history(symbol, from, to) {
      const result = await chart(
        symbol,
        `period1=${unixSeconds(from)}&period2=${unixSeconds(to, true)}&interval=1d&events=div%7Csplit`,
      );
      const zone = result.meta.exchangeTimezoneName ?? "America/New_York";
      const q = result.indicators.quote[0];
      const adj = result.indicators.adjclose?.[0]?.adjclose;
      const bars: ProviderBar[] = [];
      (result.timestamp ?? []).forEach((t, i) => {
        const [open, high, low, close, volume] = [q?.open, q?.high, q?.low, q?.close, q?.volume].map(
          (series) => series?.[i],
        );
        // Yahoo leaves holes (nulls) on days it has no trade data; a bar without a close is no bar.
        if (close == null || open == null || high == null || low == null) return;
        bars.push({
          date: exchangeDate(t, zone),
          open,
          high,
          low,
          close,
          adjClose: adj?.[i] ?? close,
          volume: volume ?? 0,
        });
      });
      return bars;
    },
    async profile(symbol): Promise<CompanyProfile | null> {
      const answer = await search(symbol, 6, 0).catch((error) => {
        if (error instanceof ProviderError && error.kind === "unknown-symbol") return null;
        throw error;
      });
      const hit = answer?.quotes.find((q) => q.symbol?.toUpperCase() === symbol.toUpperCase());
      if (!hit) return null;
      return {
        symbol,
        name: hit.longname ?? hit.shortname ?? symbol,
        sector: hit.sector ?? "",
        industry: hit.industry ?? "",
      };
    },
    async news(symbol, from, to): Promise<Headline[]> {
      const answer = await search(symbol, 0, 10);
      const [start, end] = [unixSeconds(from), unixSeconds(to, true)];
      return answer.news
        .filter((n) => !n.relatedTickers || n.relatedTickers.includes(symbol))
        .filter((n) => n.providerPublishTime >= start && n.providerPublishTime <= end)
        .sort((a, b) => b.providerPublishTime - a.providerPublishTime)
        .map((n) => ({
          title: n.title,
          publisher: n.publisher ?? null,
          url: n.link ?? null,
          publishedAt: new Date(n.providerPublishTime * 1000).toISOString(),
        }));
    },
  };
}
