// Both clients against local replay servers: Yahoo's answers are real recordings; Finnhub's are built from its
// documentation because no recording was available (see api/test/fixtures/finnhub/README.md).
import { afterAll, describe, expect, test } from "bun:test";
import { finnhubReplay, yahooReplay } from "../../test/provider-replay.ts";
import { ProviderError } from "../provider.ts";
import { quoteEach } from "./http.ts";

async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ProviderError) return error.kind;
    throw error;
  }
  throw new Error("expected the call to fail");
}

describe("Yahoo Finance client (recorded answers)", () => {
  const { server, provider } = yahooReplay();
  afterAll(() => server.stop());

  test("quotes come from the chart's meta; unknown symbols are left out", async () => {
    const quotes = await provider.quotes(["AAPL", "AMZN", "NOSUCH"]);
    const aapl = quotes.find((q) => q.symbol === "AAPL");
    expect(quotes.map((q) => q.symbol).sort()).toEqual(["AAPL", "AMZN"]);
    expect(aapl).toEqual({
      symbol: "AAPL",
      price: 244.87,
      previousClose: 124.808,
      asOf: new Date(1739998801 * 1000).toISOString(),
    });
    expect(server.calls.some((c) => c.startsWith("/v8/finance/chart/NOSUCH"))).toBe(true);
  });

  test("daily history: exchange dates, split-adjusted OHLC, dividend-adjusted close", async () => {
    const bars = await provider.history("AAPL", "2020-08-31", "2020-11-07");
    expect(bars).toHaveLength(49);
    expect(bars[0]!.date).toBe("2020-08-31");
    expect(bars[0]!.close).toBeCloseTo(129.04, 2);
    expect(bars[0]!.adjClose).toBeCloseTo(125.8267, 3);
    expect(bars.at(-1)!.date).toBe("2020-11-06");
    expect(bars.every((b, i) => i === 0 || b.date > bars[i - 1]!.date)).toBe(true);
    expect(server.calls.at(-1)).toContain("period1=1598832000");
  });

  test("profile from search; headlines of the symbol in the window, newest first", async () => {
    expect(await provider.profile("AAPL")).toEqual({
      symbol: "AAPL",
      name: "Apple Inc.",
      sector: "Technology",
      industry: "Consumer Electronics",
    });
    expect(await provider.profile("NOSUCH")).toBeNull();
    const news = await provider.news("AAPL", "2025-02-18", "2025-02-25");
    expect(news.map((n) => n.title)).toEqual([
      "Apple Inc: An Exploration into Its Intrinsic Value",
      "Indonesia and Apple said to agree on terms to lift iPhone 16 ban",
      "Why Trump could 'move fast' on Apple's $500B US investment plan",
    ]);
    expect(await provider.news("AAPL", "2024-01-01", "2024-01-31")).toEqual([]);
  });

  test("unknown symbol, rate limit and a malformed answer each give their own error", async () => {
    expect(await failure(provider.history("NOSUCH", "2020-01-01", "2020-02-01"))).toBe("unknown-symbol");
    server.fault = "rate-limited";
    expect(await failure(provider.history("AAPL", "2020-08-31", "2020-11-07"))).toBe("rate-limited");
    expect(await failure(provider.quotes(["AAPL"]))).toBe("rate-limited");
    server.fault = "malformed";
    expect(await failure(provider.history("AAPL", "2020-08-31", "2020-11-07"))).toBe("malformed");
    server.fault = null;
  });
});

describe("Finnhub client (answers built from its documentation)", () => {
  const { server, provider } = finnhubReplay("secret-key-123");
  afterAll(() => server.stop());

  test("quote, with the key in a header and never in the URL; zeros mean unknown", async () => {
    expect(await provider.quotes(["AAPL", "NOSUCH"])).toEqual([
      {
        symbol: "AAPL",
        price: 261.74,
        previousClose: 259.45,
        asOf: new Date(1582641000 * 1000).toISOString(),
      },
    ]);
    expect(server.headers.at(-1)!.get("x-finnhub-token")).toBe("secret-key-123");
    expect(server.calls.some((c) => c.includes("secret-key-123"))).toBe(false);
  });

  test("candles, profile, news and the earnings calendar with estimates", async () => {
    const bars = await provider.history("AAPL", "2019-09-20", "2019-09-27");
    expect(bars.map((b) => [b.date, b.close])).toEqual([
      ["2019-09-24", 217.68],
      ["2019-09-25", 221.03],
      ["2019-09-26", 219.89],
    ]);
    expect(await failure(provider.history("NOSUCH", "2019-09-20", "2019-09-27"))).toBe("unknown-symbol");
    expect(await provider.profile("AAPL")).toEqual({
      symbol: "AAPL",
      name: "Apple Inc",
      sector: "Technology",
      industry: "Technology",
    });
    expect(await provider.profile("NOSUCH")).toBeNull();
    const news = await provider.news("AAPL", "2019-09-20", "2019-09-27");
    expect(news[0]).toMatchObject({
      title: "More sellers come to Apple's smartphone market",
      publisher: "The Economic Times",
    });
    const earnings = await provider.earnings!("2020-01-27", "2020-01-31");
    expect(earnings).toEqual([
      {
        symbol: "AAPL",
        date: "2020-01-28",
        time: "post-market",
        quarter: 1,
        year: 2020,
        epsEstimate: 4.5474,
        epsActual: 4.99,
        revenueEstimate: 88496400000,
        revenueActual: 91819000000,
      },
      {
        symbol: "MSFT",
        date: "2020-01-29",
        time: "pre-market",
        quarter: 4,
        year: 2019,
        epsEstimate: 1.3,
        epsActual: null,
        revenueEstimate: 36500000000,
        revenueActual: null,
      },
    ]);
  });

  test("rate limit and malformed answers", async () => {
    server.fault = "rate-limited";
    expect(await failure(provider.quotes(["AAPL"]))).toBe("rate-limited");
    server.fault = "malformed";
    expect(await failure(provider.earnings!("2020-01-27", "2020-01-31"))).toBe("malformed");
    server.fault = null;
  });
});

describe("quoteEach (one symbol per call)", () => {
  test("at most 4 calls in flight, answers in the symbols' order, unknown symbols left out", async () => {
    let inFlight = 0;
    let most = 0;
    const symbols = Array.from({ length: 12 }, (_, i) => `S${i}`);
    const quotes = await quoteEach(symbols, async (symbol) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await Bun.sleep(Number(symbol.slice(1)) % 3);
      inFlight--;
      if (symbol === "S5") throw new ProviderError("unknown-symbol", "no such symbol", 404);
      return { symbol, price: 1, previousClose: 1, asOf: "2023-10-27" };
    });
    expect(most).toBe(4);
    expect(quotes.map((q) => q.symbol)).toEqual(symbols.filter((s) => s !== "S5"));
  });

  test("a rate limit fails the whole call", async () => {
    const call = quoteEach(["A", "B"], async (symbol) => {
      if (symbol === "B") throw new ProviderError("rate-limited", "slow down", 429);
      return { symbol, price: 1, previousClose: 1, asOf: "2023-10-27" };
    });
    expect(await failure(call)).toBe("rate-limited");
  });
});
