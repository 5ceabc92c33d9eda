import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestApp, type TestApp, testDbKind } from "../test/harness.ts";
import { unknownSymbolMessage } from "./unknown-symbol.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await t.useDemoMarket({ symbols: ["AAPL", "MSFT"], from: "2023-09-01" });
});
afterAll(() => t.close());

describe(`why a symbol is unknown, on the demo market (${testDbKind})`, () => {
  const why = (symbol: string) => unknownSymbolMessage(t.deps.market, t.deps.database.db, symbol);
  test("not stored: not among the demo stocks, counted without the index", async () => {
    expect(await why("F")).toBe("Unknown symbol 'F': not among the 2 demo stocks.");
  });
  test("stored but refused by the engine: the index is no stock; a stock has too little history", async () => {
    expect(await why("^GSPC")).toBe("Unknown symbol '^GSPC': an index, not a stock.");
    expect(await why("AAPL")).toBe("Unknown symbol 'AAPL': too little price history to rank it.");
  });
});
