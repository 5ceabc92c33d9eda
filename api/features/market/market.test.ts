import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { securities } from "../../../db/schema/index.ts";
import { bodyOf, errorOf, startTestApp, type TestApp } from "../../test/harness.ts";
import { writeUncounted } from "../../test/uncounted-write.ts";

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  await t.useDemoMarket({ symbols: ["AAPL"], from: "2021-06-01" });
  token = await t.signIn((await t.createUser()).email, "correct-horse-battery");
});
afterAll(() => t.close());

test("a year of closes with 50- and 200-day averages, ending at the market date", async () => {
  const history = (symbol: string) => t.api(token).market.history[":symbol"].$get({ param: { symbol } });
  const body = await bodyOf(history("aapl"), 200);
  expect(body.points).toHaveLength(252);
  const last = body.points.at(-1)!;
  expect(last).toMatchObject({ date: "2023-10-27", close: 168.22 });
  // Every shown day has both averages (200 earlier sessions were loaded for them).
  expect(body.points.every((p) => p.sma50 !== null && p.sma200 !== null)).toBe(true);
  expect((await bodyOf(history("NOPE"), 404)).message).toBe(
    "Unknown symbol 'NOPE': not among the 1 demo stock.",
  );
  expect((await t.request("/api/market/history/bad$sym", { token })).status).toBe(400);
});

test("the market status says where data comes from and its date", async () => {
  const res = await t.request("/api/market/status");
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ source: "demo", demo: true, asOf: "2023-10-27" });
});

describe("symbol search", () => {
  beforeAll(async () => {
    await t.useDemoMarket({ symbols: ["AAPL", "AMAT", "APA", "MSFT", "MU", "AMD"], from: "2023-10-01" });
  });
  const search = (q: string, limit?: string) =>
    bodyOf(t.api(token).market.symbols.$get({ query: limit ? { q, limit } : { q } }), 200);

  test("exact symbol, then symbol prefix, then a word of the name, then fuzzy; symbol and name", async () => {
    const apa = await search("apa");
    // APA itself; then Apple and Applied, whose names start one typo away ("app"), as fuzzy matches.
    expect(apa).toEqual([
      { symbol: "APA", name: "APA Corporation" },
      { symbol: "AAPL", name: "Apple Inc." },
      { symbol: "AMAT", name: "Applied Materials" },
    ]);
    expect(await search("am")).toEqual([
      { symbol: "AMD", name: "Advanced Micro Devices" },
      { symbol: "AMAT", name: "Applied Materials" },
    ]);
    const micro = await search(" MICRO ");
    // Names starting with the word first, then a later word ("Advanced Micro Devices").
    expect(micro.map((m) => m.symbol)).toEqual(["MSFT", "MU", "AMD"]);
    const app = await search("app");
    expect(app.map((m) => m.symbol).slice(0, 2)).toEqual(["AAPL", "AMAT"]);
    // A misspelt name still finds the company.
    expect(await search("mircosoft")).toEqual([{ symbol: "MSFT", name: "Microsoft" }]);
    // The benchmark index is not offered as a symbol.
    expect(await search("s&p")).toEqual([]);
  });

  test("limit caps the answer; an unknown query answers an empty list", async () => {
    expect(await search("a", "2")).toHaveLength(2);
    expect(await search("a")).toHaveLength(4);
    expect(await search("zzzzqqq")).toEqual([]);
  });

  test("the list is read once per market data version: a new security is found after the write", async () => {
    const newSecurities = Array.from({ length: 12 }, (_, i) => ({
      symbol: `QQX${String(i + 1).padStart(2, "0")}`,
      name: `Test Company ${i + 1}`,
      sector: "",
      industry: "",
    }));
    expect(await search("ms")).toEqual([{ symbol: "MSFT", name: "Microsoft" }]);
    // Not counted, the write is not seen: the list was read once for this version, and another query searches it.
    await writeUncounted(t.deps.database, () =>
      t.deps.database.db.insert(securities).values(newSecurities.slice(0, 1)),
    );
    expect(await search("qqx")).toEqual([]);
    await t.deps.database.db.insert(securities).values(newSecurities.slice(1));
    const found = await search("qqx");
    // 10 answers when no limit is sent.
    expect(found.map((f) => f.symbol)).toEqual(
      Array.from({ length: 10 }, (_, i) => `QQX${String(i + 1).padStart(2, "0")}`),
    );
    expect(await search("qqx", "50")).toHaveLength(12);
  });

  test("a missing, blank or too long q, or a bad limit, is a 400 saying what to send", async () => {
    for (const query of [
      "",
      "q=",
      "q=%20%20",
      `q=${"a".repeat(41)}`,
      "q=a&limit=0",
      "q=a&limit=51",
      "q=a&limit=x",
    ]) {
      const res = await t.request(`/api/market/symbols?${query}`, { token });
      expect((await errorOf(res, 400)).message).toMatch(/^Invalid input: (q|limit): /);
    }
    const blank = await bodyOf(t.api(token).market.symbols.$get({ query: { q: " " } }), 400);
    expect(blank.message).toContain("Type at least one character of a symbol or company name");
  });

  test("signed-in only: no credentials is a 401", async () => {
    const res = await t.request("/api/market/symbols?q=aapl");
    expect(res.status).toBe(401);
  });
});
