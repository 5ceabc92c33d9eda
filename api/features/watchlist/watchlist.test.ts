import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { watchlistItems } from "../../../db/schema/index.ts";
import { fixedMarket } from "../../test/fixed-market.ts";
import { bodyOf, errorOf, startTestApp, type TestApp, testDbKind } from "../../test/harness.ts";
import { changePercent, shouldAlert } from "./watchlist.rules.ts";

describe("alert rule on hand-made prices", () => {
  test("the move is measured from the purchase price, else the added price", () => {
    expect(changePercent(110, 100, 50)).toBe(10);
    expect(changePercent(45, null, 50)).toBe(-10);
    expect(changePercent(100, null, null)).toBeNull();
    expect(changePercent(null, 100, 100)).toBeNull();
    expect(changePercent(101.234, 100, null)).toBe(1.23);
  });
  test("alerts when the size of the move reaches the threshold, either way", () => {
    expect(shouldAlert(10, 10)).toBe(true);
    expect(shouldAlert(-10, 10)).toBe(true);
    expect(shouldAlert(9.99, 10)).toBe(false);
    expect(shouldAlert(-9.99, 10)).toBe(false);
    expect(shouldAlert(null, 10)).toBe(false);
  });
});

let t: TestApp;
let alice: string;
let bob: string;
const market = fixedMarket("2023-10-27", { AAPL: 100, MSFT: 300, NVDA: 400 });

beforeAll(async () => {
  t = await startTestApp();
  t.deps.market = market;
  alice = await t.signIn((await t.createUser()).email, "correct-horse-battery");
  bob = await t.signIn((await t.createUser()).email, "correct-horse-battery");
});
afterAll(() => t.close());

const list = (token: string) => bodyOf(t.api(token).watchlist.$get(), 200);
const item = (id: number) => ({ param: { id: String(id) } });

describe(`watchlist on ${testDbKind}`, () => {
  test("add: symbol uppercased, default threshold 10, added price recorded", async () => {
    const added = await bodyOf(t.api(alice).watchlist.$post({ json: { symbol: " aapl " } }), 201);
    expect(added).toMatchObject({
      symbol: "AAPL",
      purchasePrice: null,
      addedPrice: 100,
      targetChangePercent: 10,
      currentPrice: 100,
      changePercent: 0,
      shouldAlert: false,
    });
  });

  test("the list follows the price and flags the alert", async () => {
    await t
      .api(alice)
      .watchlist.$post({ json: { symbol: "MSFT", purchasePrice: 250, targetChangePercent: 15 } });
    market.prices.AAPL = 89.5;
    const items = await list(alice);
    expect(items.map((i) => i.symbol)).toEqual(["AAPL", "MSFT"]);
    expect(items[0]).toMatchObject({ currentPrice: 89.5, changePercent: -10.5, shouldAlert: true });
    expect(items[1]).toMatchObject({ purchasePrice: 250, changePercent: 20, shouldAlert: true });
    market.prices.AAPL = 100;
  });

  test("a symbol appears once per user: 409; another user may add it", async () => {
    const again = await bodyOf(t.api(alice).watchlist.$post({ json: { symbol: "AAPL" } }), 409);
    expect(again.message).toContain("already in your watchlist");
    const other = await t.api(bob).watchlist.$post({ json: { symbol: "AAPL" } });
    expect(other.status).toBe(201);
  });

  test("validation: required symbol, unknown symbol, bad prices and thresholds, malformed JSON", async () => {
    const cases: Array<[unknown, number, string]> = [
      // The spec's words for a blank symbol (section 5), which the Add Stock form shows from this schema.
      [{}, 400, "Stock symbol is required"],
      [{ symbol: "" }, 400, "Stock symbol is required"],
      [{ symbol: "TOOLONGSYMBOL" }, 400, "1-10"],
      [{ symbol: "NOPE" }, 404, "Unknown symbol"],
      [{ symbol: "NVDA", purchasePrice: -5 }, 400, "greater than zero"],
      [{ symbol: "NVDA", purchasePrice: "cheap" }, 400, "Purchase price"],
      // 0 is refused, not raised to the smallest step and saved.
      [{ symbol: "NVDA", targetChangePercent: 0 }, 400, "Alert threshold must be greater than zero."],
      [{ symbol: "NVDA", targetChangePercent: "ten" }, 400, "threshold"],
      // Left out, the threshold is the default; sent blank (null, as the form sends a cleared one), it is required.
      [{ symbol: "NVDA", targetChangePercent: null }, 400, "Alert threshold is required."],
    ];
    for (const [json, status, text] of cases) {
      const res = t.request("/api/watchlist", { method: "POST", token: alice, json });
      expect((await errorOf(res, status)).message).toContain(text);
    }
    const malformed = await t.request("/api/watchlist", {
      method: "POST",
      token: alice,
      headers: { "content-type": "application/json" },
      body: "{symbol:",
    });
    expect(malformed.status).toBe(400);
    expect((await list(alice)).map((i) => i.symbol)).toEqual(["AAPL", "MSFT"]);
  });

  test("edit changes purchase price and threshold only; clearing the purchase price is allowed", async () => {
    const [aapl] = await list(alice);
    // A symbol sent along is no field of an edit, and is ignored.
    const edit = { purchasePrice: 80, targetChangePercent: 30, symbol: "EVIL" };
    const res = t.api(alice).watchlist[":id"].$patch({ ...item(aapl!.id), json: edit });
    expect(await bodyOf(res, 200)).toMatchObject({
      symbol: "AAPL",
      purchasePrice: 80,
      changePercent: 25,
      shouldAlert: false,
    });
    const cleared = t.api(alice).watchlist[":id"].$patch({
      ...item(aapl!.id),
      json: { purchasePrice: null, targetChangePercent: 5 },
    });
    expect(await bodyOf(cleared, 200)).toMatchObject({ purchasePrice: null, changePercent: 0 });
    const missing = await t.request(`/api/watchlist/${aapl!.id}`, {
      method: "PATCH",
      token: alice,
      json: {},
    });
    expect(missing.status).toBe(400);
    // Editing a threshold to 0 is refused the same way, the item left as it was.
    const zero = t.api(alice).watchlist[":id"].$patch({
      ...item(aapl!.id),
      json: { purchasePrice: null, targetChangePercent: 0 },
    });
    expect((await bodyOf(zero, 400)).message).toContain("Alert threshold must be greater than zero.");
    expect((await list(alice)).find((i) => i.id === aapl!.id)?.targetChangePercent).toBe(5);
  });

  test("another user's item answers 404 and changes nothing", async () => {
    const [aapl] = await list(alice);
    const patch = await t.api(bob).watchlist[":id"].$patch({
      ...item(aapl!.id),
      json: { targetChangePercent: 99 },
    });
    expect(patch.status).toBe(404);
    const del = await t.api(bob).watchlist[":id"].$delete(item(aapl!.id));
    expect(del.status).toBe(404);
    const after = await list(alice);
    expect(after[0]).toMatchObject({ id: aapl!.id, targetChangePercent: aapl!.targetChangePercent });
  });

  test("bad and unknown ids; removal; signed-out callers", async () => {
    expect((await t.request("/api/watchlist/abc", { method: "DELETE", token: alice })).status).toBe(400);
    expect((await t.request("/api/watchlist/999999", { method: "DELETE", token: alice })).status).toBe(404);
    const [aapl] = await list(alice);
    const res = await t.api(alice).watchlist[":id"].$delete(item(aapl!.id));
    expect(res.status).toBe(200);
    expect((await list(alice)).map((i) => i.symbol)).toEqual(["MSFT"]);
    expect((await t.api().watchlist.$get()).status).toBe(401);
    expect((await t.api().watchlist.$post({ json: { symbol: "AAPL" } })).status).toBe(401);
  });
});

describe(`watchlist input edge cases on ${testDbKind}`, () => {
  test("an id is plain decimal digits: 0x10, 1e1, 16.0, +16 and 016 answer 400 and delete nothing", async () => {
    const owner = await t.createUser();
    const token = await t.signIn(owner.email, "correct-horse-battery");
    // Item 16 and item 10 belong to the caller, so a lenient parser would find and delete them.
    for (const id of [16, 10]) {
      await t.deps.database.db.insert(watchlistItems).values({
        id,
        userId: owner.id,
        symbol: id === 16 ? "NVDA" : "MSFT",
        targetChangePercent: 10,
        addedAt: t.clock.now(),
      });
    }
    for (const raw of ["0x10", "1e1", "16.0", "+16", "016", "%2016", "0", "-16", "99999999999999999999"]) {
      const res = await t.request(`/api/watchlist/${raw}`, { method: "DELETE", token });
      expect((await errorOf(res, 400)).message, raw).toContain("id");
      const patch = await t.request(`/api/watchlist/${raw}`, {
        method: "PATCH",
        token,
        json: { targetChangePercent: 77 },
      });
      expect(patch.status, raw).toBe(400);
    }
    expect((await list(token)).map((i) => [i.id, i.targetChangePercent])).toEqual([
      [10, 10],
      [16, 10],
    ]);
    expect((await t.request("/api/watchlist/16", { method: "DELETE", token })).status).toBe(200);
    expect((await list(token)).map((i) => i.id)).toEqual([10]);
  });

  test("a purchase price has at most two decimals and is at least 0.01: 0.001 is refused, not stored as 0", async () => {
    const token = await t.signIn((await t.createUser()).email, "correct-horse-battery");
    for (const purchasePrice of [0.001, 0.004, 0.005, 12.345, 1e-7]) {
      const res = t.api(token).watchlist.$post({ json: { symbol: "NVDA", purchasePrice } });
      expect((await bodyOf(res, 400)).message, String(purchasePrice)).toContain("two decimals");
    }
    expect(await list(token)).toEqual([]);
    const ok = t.api(token).watchlist.$post({ json: { symbol: "NVDA", purchasePrice: 0.01 } });
    const added = await bodyOf(ok, 201);
    expect(added.purchasePrice).toBe(0.01);
    const patch = t.api(token).watchlist[":id"].$patch({
      ...item(added.id),
      json: { purchasePrice: 0.001, targetChangePercent: 10 },
    });
    expect((await bodyOf(patch, 400)).message).toContain("two decimals");
    const fine = t.api(token).watchlist[":id"].$patch({
      ...item(added.id),
      json: { purchasePrice: 172.55, targetChangePercent: 10 },
    });
    expect((await bodyOf(fine, 200)).purchasePrice).toBe(172.55);
  });
});

test("each item carries a 3-month sparkline of real closes ending at the current price", async () => {
  const d = await startTestApp();
  await d.useDemoMarket({ symbols: ["AAPL"], from: "2023-06-01" });
  const token = await d.signIn((await d.createUser()).email, "correct-horse-battery");
  await d.api(token).watchlist.$post({ json: { symbol: "AAPL" } });
  const [aapl] = await bodyOf(d.api(token).watchlist.$get(), 200);
  expect(aapl!.sparkline!.length).toBeGreaterThan(55);
  expect(aapl!.sparkline!.length).toBeLessThan(70);
  expect(aapl!.sparkline!.at(-1)).toBe(aapl!.currentPrice!);
  await d.close();
});

test("each item carries the model's current view: the decile and chance an analysis of it states today", async () => {
  const d = await startTestApp();
  await d.useDemoMarket({ from: "2022-01-01" });
  const token = await d.signIn((await d.createUser()).email, "correct-horse-battery");
  for (const symbol of ["AAPL", "XOM"])
    expect((await d.request("/api/watchlist", { method: "POST", token, json: { symbol } })).status).toBe(201);
  const items = await bodyOf(d.api(token).watchlist.$get(), 200);
  for (const item of items) {
    const analysis = await bodyOf(
      d.api(token).insights.analyze.$post({ json: { symbol: item.symbol } }),
      201,
    );
    expect(item.model).toEqual<unknown>({
      decile: analysis.decile,
      probability: analysis.probability,
      statedEvent: analysis.statedEvent,
      call: analysis.recommendation,
      asOf: analysis.asOf,
      horizonDays: expect.any(Number),
      edgeSignificant: expect.any(Boolean),
      modelStale: expect.any(Boolean),
    });
  }
  expect(new Set(items.map((i) => i.model!.decile)).size).toBe(2);
  await d.close();
});

test("without an analysis engine the model view is null, and the list still answers", async () => {
  const d = await startTestApp();
  d.deps.market = fixedMarket("2023-10-27", { AAPL: 100 });
  const token = await d.signIn((await d.createUser()).email, "correct-horse-battery");
  await d.request("/api/watchlist", { method: "POST", token, json: { symbol: "AAPL" } });
  const [item] = await bodyOf(d.api(token).watchlist.$get(), 200);
  expect(item!.model).toBeNull();
  await d.close();
});

describe(`adding a symbol the market does not know (${testDbKind})`, () => {
  test("on the demo market the answer says it is not among its stocks (Ford, for one)", async () => {
    const d = await startTestApp();
    await d.useDemoMarket({ symbols: ["AAPL", "MSFT"], from: "2023-09-01" });
    const token = await d.signIn((await d.createUser()).email, "correct-horse-battery");
    const res = d.api(token).watchlist.$post({ json: { symbol: "F" } });
    expect(await bodyOf(res, 404)).toEqual({
      message: "Unknown symbol 'F': not among the 2 demo stocks.",
      code: "UNKNOWN_SYMBOL",
    });
    await d.close();
  });
});
