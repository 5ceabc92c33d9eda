import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { recommendations, users } from "../../../db/schema/index.ts";
import { riskLevel } from "../../analysis/engine.ts";
import { EDGE_SIGNIFICANT } from "../../analysis/model-card.ts";
import { AGGRESSIVE_VOLATILITY } from "../../analysis/risk-scale.constants.ts";
import { fixedMarket } from "../../test/fixed-market.ts";
import { bodyOf, errorOf, startTestApp, type TestApp, testDbKind } from "../../test/harness.ts";
import { modelFor } from "../../test/served-models.ts";
import { decideAggressive, postRecommendation } from "./recommendations.service.ts";

let t: TestApp;
let admin: string;
let investor: string;

beforeAll(async () => {
  t = await startTestApp();
  t.deps.market = fixedMarket(
    "2023-10-27",
    { AAPL: 170.12, MSFT: 330.5 },
    { AAPL: 0.22, TSLA: 0.61, AMZN: 0.37, NVDA: 0.4 },
  );
  const a = await t.createUser({ isAdmin: true });
  const u = await t.createUser();
  admin = await t.signIn(a.email, "correct-horse-battery");
  investor = await t.signIn(u.email, "correct-horse-battery");
});
afterAll(() => t.close());

const body = (over: Record<string, unknown> = {}) => ({
  symbol: "aapl",
  buyPrice: 165.1,
  sellTarget: "181.35",
  confidence: 72,
  estimatedDate: "2023-11-24",
  reason: "Trend and momentum both positive.",
  ...over,
});

async function post(over: Record<string, unknown> = {}, query = "", token = admin) {
  return t.request(`/api/recommendations${query}`, { method: "POST", token, json: body(over) });
}

/** A valid post, typed: `post` sends anything, for the validation cases. */
const postValid = (over: { symbol?: string; buyPrice?: number } = {}, token = admin) =>
  t.api(token).recommendations.$post({
    query: {},
    json: { ...body(), buyPrice: 165.1, sellTarget: "181.35", confidence: 72, ...over },
  });

type HistoricalQuery = Parameters<ReturnType<TestApp["api"]>["recommendations"]["historical"]["$get"]>[0];
const historical = (query: HistoricalQuery = { query: {} }) =>
  t.api(investor).recommendations.historical.$get(query);

describe(`recommendations on ${testDbKind}`, () => {
  test("admin posts: exact prices, uppercase symbol, default date is market today, risk decided from volatility", async () => {
    const answer = await bodyOf(postValid(), 201);
    expect(answer.usedDate).toBe("2023-10-27");
    expect(typeof answer.postedAt).toBe("string");
    const rec = answer.recommendation;
    expect(rec).toMatchObject({
      symbol: "AAPL",
      buyPrice: "165.10",
      sellTarget: "181.35",
      confidence: 72,
      aggressive: false,
      recommendationDate: "2023-10-27",
      currentPrice: 170.12,
      source: "admin",
      // An editor's pick says who posted it and carries no model evidence (issue 24 point 7).
      postedByName: "Test User",
      statedEvent: null,
      edgeSignificant: null,
    });
    expect(rec.aggressiveBasis).toBe("60-day volatility 22.0% a year; Aggressive from 40.0%");
  });

  test("volatile symbol is aggressive; no history falls back to the potential return", async () => {
    const tsla = await bodyOf(postValid({ symbol: "TSLA" }), 201);
    expect(tsla.recommendation.aggressive).toBe(true);
    const unknown = await bodyOf(
      t.api(admin).recommendations.$post({
        query: {},
        json: { ...body(), symbol: "ZZZ", buyPrice: 10, sellTarget: 12, confidence: 72 },
      }),
      201,
    );
    expect(unknown.recommendation.aggressive).toBe(true);
    expect(unknown.recommendation.aggressiveBasis).toContain("potential return 20.0%");
    expect(unknown.recommendation.currentPrice).toBeNull();
  });

  test("one risk scale: a pick is Aggressive exactly where an analysis of the stock is HIGH (decision 126)", async () => {
    // AMZN at 37% a year was an Aggressive pick (>= 35%) and a MEDIUM analysis (< 40%); both now read Conservative.
    const picked = (symbol: string) =>
      decideAggressive(t.deps, { symbol, buyPrice: 100, sellTarget: 101, aggressive: undefined });
    const amzn = await picked("AMZN");
    expect(amzn).toEqual({
      aggressive: false,
      basis: "60-day volatility 37.0% a year; Aggressive from 40.0%",
    });
    expect(riskLevel(0.37)).toBe("MEDIUM");
    const nvda = await picked("NVDA");
    expect(nvda.aggressive).toBe(true);
    expect(riskLevel(0.4)).toBe("HIGH");
    expect(AGGRESSIVE_VOLATILITY).toBe(0.4);
  });

  test("posting the same symbol twice on a date is a 409; a posted recommendation is never edited", async () => {
    expect((await errorOf(post({ confidence: 99 }), 409)).message).toContain("never edited");
  });

  test("latest answers only the most recent date, with current prices", async () => {
    expect((await post({ symbol: "MSFT" }, "?recommendationDate=2023-10-20")).status).toBe(201);
    const list = await bodyOf(t.api(investor).recommendations.latest.$get(), 200);
    expect(list.map((r) => r.recommendationDate)).toEqual(list.map(() => "2023-10-27"));
    expect(list.map((r) => r.symbol).sort()).toEqual(["AAPL", "TSLA", "ZZZ"]);
    expect(list.map((r) => r.postedByName)).toEqual(["Test User", "Test User", "Test User"]);
  });

  test("historical filters by date range, symbol and risk level", async () => {
    const get = (query: HistoricalQuery["query"]) => bodyOf(historical({ query }), 200);
    expect((await get({ fromDate: "2023-10-20", toDate: "2023-10-20" })).map((r) => r.symbol)).toEqual([
      "MSFT",
    ]);
    expect((await get({ symbol: "msft" })).map((r) => r.recommendationDate)).toEqual(["2023-10-20"]);
    expect((await get({ aggressive: "aggressive" })).map((r) => r.symbol).sort()).toEqual(["TSLA", "ZZZ"]);
    expect((await get({ aggressive: "non-aggressive" })).map((r) => r.symbol).sort()).toEqual([
      "AAPL",
      "MSFT",
    ]);
    const all = await get({});
    expect(all[0]?.recommendationDate).toBe("2023-10-27");
    expect(all.at(-1)?.recommendationDate).toBe("2023-10-20");
  });

  test("historical pages: page and pageSize cut the same newest-first list, X-Total-Count counts every match", async () => {
    const get = async (q: string) => {
      const res = await historical({ query: Object.fromEntries(new URLSearchParams(q)) });
      const list = await bodyOf(res, 200);
      return {
        ids: list.map((r) => r.id),
        total: res.headers.get("X-Total-Count"),
        next: res.headers.get("Link"),
      };
    };
    const all = await get("");
    expect(all.ids).toHaveLength(4);
    expect(all.total).toBe("4");
    const first = await get("?page=1&pageSize=3");
    const second = await get("?page=2&pageSize=3");
    const next = (query: string) => `</api/recommendations/historical?${query}>; rel="next"`;
    expect(first).toEqual({ ids: all.ids.slice(0, 3), total: "4", next: next("page=2&pageSize=3") });
    expect(second).toEqual({ ids: all.ids.slice(3), total: "4", next: null });
    expect(await get("?pageSize=2")).toEqual({
      ids: all.ids.slice(0, 2),
      total: "4",
      next: next("pageSize=2&page=2"),
    });
    expect(await get("?page=1")).toEqual(all);
    expect(await get("?page=3&pageSize=3")).toEqual({ ids: [], total: "4", next: null });
    const aggressive = await get("?aggressive=aggressive&page=2&pageSize=1");
    expect(aggressive.total).toBe("2");
    expect(aggressive.ids).toHaveLength(1);
  });

  test("historical X-Date-Counts: how many match on each date a page shows, also where the page shows part of it", async () => {
    const counts = async (q: string) =>
      (await t.request(`/api/recommendations/historical${q}`, { token: investor })).headers.get(
        "X-Date-Counts",
      );
    expect(await counts("")).toBe("2023-10-27=3,2023-10-20=1");
    expect(await counts("?page=1&pageSize=2")).toBe("2023-10-27=3");
    expect(await counts("?page=2&pageSize=3")).toBe("2023-10-20=1");
    expect(await counts("?page=3&pageSize=3")).toBe("");
    expect(await counts("?aggressive=aggressive&page=2&pageSize=1")).toBe("2023-10-27=2");
    expect(await counts("?symbol=AAPL")).toBe("2023-10-27=1");
  });

  test("historical paging validation: page from 1, pageSize 1-1000, whole numbers, answered 400 { message }", async () => {
    for (const q of [
      "?page=0",
      "?page=abc",
      "?page=1.5",
      "?pageSize=0",
      "?pageSize=1001",
      "?page=-2&pageSize=5",
    ]) {
      const res = await t.request(`/api/recommendations/historical${q}`, { token: investor });
      expect(res.headers.get("content-type")).toContain("application/json");
      expect((await errorOf(res, 400)).message).toMatch(/page/);
    }
  });

  test("historical validation: bad dates, inverted range, bad risk value, long symbol", async () => {
    for (const q of [
      "?fromDate=2023-13-01",
      "?fromDate=2023-02-30",
      "?fromDate=2023-10-27&toDate=2023-10-01",
      "?aggressive=maybe",
      "?symbol=ABCDEFGHIJK",
    ]) {
      const res = await t.request(`/api/recommendations/historical${q}`, { token: investor });
      expect((await errorOf(res, 400)).message.length).toBeGreaterThan(10);
    }
    const inverted = historical({ query: { fromDate: "2023-10-27", toDate: "2023-10-01" } });
    expect((await bodyOf(inverted, 400)).message).toContain("Invalid Date Range");
  });

  test("post validation: every field, price precision, target above buy, target date after posting", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ symbol: "" }, "Symbol"],
      [{ buyPrice: -1 }, "buyPrice"],
      [{ buyPrice: "12.345" }, "two decimals"],
      [{ sellTarget: 100 }, "above the buy price"],
      [{ confidence: 101 }, "0 to 100"],
      [{ confidence: "high" }, "Confidence"],
      [{ estimatedDate: "next week" }, "YYYY-MM-DD"],
      [{ reason: "  " }, "Reason is required"],
      [{ estimatedDate: "2023-01-01" }, "on or after"],
    ];
    for (const [over, text] of cases) {
      expect((await errorOf(post({ symbol: "NVDA", ...over }), 400)).message).toContain(text);
    }
    const badQuery = await post({ symbol: "NVDA" }, "?recommendationDate=yesterday");
    expect(badQuery.status).toBe(400);
  });

  test("only admins write; signed-out callers are 401", async () => {
    expect((await postValid({ symbol: "AMD" }, investor)).status).toBe(403);
    const byDate = { param: { date: "2023-10-27" } };
    expect((await t.api(investor).recommendations[":date"].$delete(byDate)).status).toBe(403);
    expect((await t.api().recommendations.latest.$get()).status).toBe(401);
    expect((await t.api().recommendations.historical.$get({ query: {} })).status).toBe(401);
    expect((await postValid({}, "")).status).toBe(401);
  });

  test("an API key reads the same endpoints", async () => {
    const me = await bodyOf(t.api(investor).auth.user.$get(), 200);
    const res = await t.api(me.apiKey).recommendations.latest.$get();
    expect(res.status).toBe(200);
  });

  test("admin deletes a date and is told how many went", async () => {
    const remove = (date: string) => t.api(admin).recommendations[":date"].$delete({ param: { date } });
    expect((await remove("27-10-2023")).status).toBe(400);
    expect((await bodyOf(remove("2023-10-27"), 200)).deleted).toBe(3);
    const latest = await bodyOf(t.api(investor).recommendations.latest.$get(), 200);
    expect(latest.map((r) => r.symbol)).toEqual(["MSFT"]);
    expect((await bodyOf(remove("2023-10-27"), 200)).deleted).toBe(0);
  });
});

describe(`deleting one recommendation (${testDbKind})`, () => {
  test("an admin deletes one pick by id and leaves the rest of its date; unknown is 404, bad id 400", async () => {
    const date = "?recommendationDate=2023-10-20";
    const first = await post({ symbol: "NFLX" }, date);
    const second = await post({ symbol: "ORCL" }, date);
    expect([first.status, second.status]).toEqual([201, 201]);
    const { recommendation } = (await first.json()) as { recommendation: { id: number } };

    const res = await t.request(`/api/recommendations/by-id/${recommendation.id}`, {
      method: "DELETE",
      token: admin,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      message: "Deleted NFLX of 2023-10-20.",
      id: recommendation.id,
      symbol: "NFLX",
      recommendationDate: "2023-10-20",
    });
    const left = (await (
      await t.request("/api/recommendations/historical?fromDate=2023-10-20&toDate=2023-10-20", {
        token: investor,
      })
    ).json()) as Array<{ symbol: string }>;
    expect(left.map((r) => r.symbol)).toContain("ORCL");
    expect(left.map((r) => r.symbol)).not.toContain("NFLX");

    const gone = await t.request(`/api/recommendations/by-id/${recommendation.id}`, {
      method: "DELETE",
      token: admin,
    });
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({
      message: `No recommendation has id ${recommendation.id}.`,
      code: "NOT_FOUND",
    });
    for (const bad of ["abc", "0", "1.5"]) {
      const res400 = await t.request(`/api/recommendations/by-id/${bad}`, { method: "DELETE", token: admin });
      expect(res400.status).toBe(400);
      expect(((await res400.json()) as { message: string }).message).toContain("id");
    }
  });

  test("only admins delete one: an investor is 403 and a signed-out caller 401, and the row stays", async () => {
    const made = await post({ symbol: "INTC" }, "?recommendationDate=2023-10-19");
    const { recommendation } = (await made.json()) as { recommendation: { id: number } };
    const path = `/api/recommendations/by-id/${recommendation.id}`;
    expect((await t.request(path, { method: "DELETE", token: investor })).status).toBe(403);
    expect((await t.request(path, { method: "DELETE" })).status).toBe(401);
    const row = await t.deps.database.db
      .select()
      .from(recommendations)
      .where(eq(recommendations.id, recommendation.id));
    expect(row.map((r) => r.symbol)).toEqual(["INTC"]);
  });
});

describe(`what the model said (${testDbKind})`, () => {
  test("a generated call stores call, decile, probability, expected excess return, interval and horizon; an admin's leaves them null", async () => {
    const model = {
      call: "BUY" as const,
      decile: 10,
      probability: 0.574,
      expectedReturn: null,
      expectedReturnLow: null,
      expectedReturnHigh: null,
      horizonDays: 60,
      expectedExcessReturn: 0.041,
      expectedExcessLow: -0.12,
      expectedExcessHigh: 0.213,
    };
    const posted = await postRecommendation(
      t.deps,
      {
        symbol: "NVDA",
        buyPrice: 40_000,
        sellTarget: 41_640,
        confidence: 57,
        estimatedDate: "2024-01-25",
        reason: "Top decile.",
        aggressive: true,
      },
      { recommendationDate: "2023-10-26", postedBy: null, source: "model", modelVersion: "rank-test", model },
    );
    expect(posted.ok).toBe(true);
    if (posted.ok) expect(posted.value.recommendation).toMatchObject({ ...model, modelVersion: "rank-test" });
    const list = await bodyOf(historical({ query: { fromDate: "2023-10-26", toDate: "2023-10-26" } }), 200);
    expect(list).toHaveLength(1);
    // The list's row: what a card and the table show; null left out, the model card's flag only when true.
    const { probability, expectedReturn, expectedReturnLow, expectedReturnHigh, ...listedModel } = model;
    expect(list[0]).toMatchObject({
      symbol: "NVDA",
      source: "model",
      ...listedModel,
      statedEvent: "beats-median",
    });
    expect(list[0]!.edgeSignificant).toBe(EDGE_SIGNIFICANT ? true : undefined);
    const absent = (row: object, fields: string[]) => expect(fields.filter((f) => f in row)).toEqual([]);
    absent(list[0]!, [
      "postedByName",
      "modelVersion",
      "probability",
      "expectedReturn",
      "modelTrainedThrough",
      "modelStale",
    ]);
    const detail = (id: number) =>
      bodyOf(t.api(investor).recommendations[":id"].$get({ param: { id: String(id) } }), 200);
    expect(await detail(list[0]!.id)).toMatchObject({
      ...model,
      modelVersion: "rank-test",
      postedByName: null,
      statedEvent: "beats-median",
      edgeSignificant: EDGE_SIGNIFICANT,
      // No committed model has this version: nothing to say of its training.
      modelTrainedThrough: null,
      modelStale: null,
    });
    const admins = await bodyOf(historical({ query: { symbol: "MSFT" } }), 200);
    const noModel = {
      call: null,
      decile: null,
      probability: null,
      expectedReturn: null,
      expectedReturnLow: null,
      expectedReturnHigh: null,
      horizonDays: null,
      expectedExcessReturn: null,
      statedEvent: null,
      edgeSignificant: null,
      modelTrainedThrough: null,
      modelStale: null,
    };
    expect(admins[0]).toMatchObject({ source: "admin" });
    absent(admins[0]!, Object.keys(noModel));
    expect(await detail(admins[0]!.id)).toMatchObject({ source: "admin", ...noModel });
  });

  test("a call by a committed model says when it was trained through, and is stale past the dates it serves", async () => {
    const model = modelFor("2023-06-30")!;
    const call = (symbol: string, date: string) =>
      postRecommendation(
        t.deps,
        {
          symbol,
          buyPrice: 10_000,
          sellTarget: 10_300,
          confidence: 53,
          estimatedDate: "2024-12-31",
          reason: "Top decile.",
          aggressive: false,
        },
        {
          recommendationDate: date,
          postedBy: null,
          source: "model",
          modelVersion: model.version,
          model: {
            call: "BUY",
            decile: 10,
            probability: 0.53,
            expectedReturn: null,
            expectedReturnLow: null,
            expectedReturnHigh: null,
            horizonDays: 60,
            expectedExcessReturn: 0.03,
            expectedExcessLow: -0.1,
            expectedExcessHigh: 0.16,
          },
        },
      );
    const inside = await call("STALE", "2023-06-29");
    const past = await call("STALE", "2024-03-01");
    expect(model.splits.servesUntil < "2024-03-01").toBe(true);
    if (!inside.ok || !past.ok) throw new Error("not posted");
    expect(inside.value.recommendation).toMatchObject({
      modelTrainedThrough: model.trainedThrough,
      modelStale: false,
    });
    expect(past.value.recommendation).toMatchObject({
      modelTrainedThrough: model.trainedThrough,
      modelStale: true,
    });
    const listed = await bodyOf(historical({ query: { symbol: "STALE" } }), 200);
    // A list says only that a model is stale (decision 151).
    expect(listed.map((r) => [r.recommendationDate, r.modelStale])).toEqual([
      ["2024-03-01", true],
      ["2023-06-29", undefined],
    ]);
    await t.deps.database.db.delete(recommendations).where(eq(recommendations.symbol, "STALE"));
  });

  test("an editor's pick is labelled with who posted it in every list, and by nobody once the account is gone", async () => {
    const editor = await t.createUser({ isAdmin: true, firstName: "Ada" });
    const token = await t.signIn(editor.email, "correct-horse-battery");
    const res = t.api(token).recommendations.$post({
      query: { recommendationDate: "2023-10-25" },
      json: { ...body(), symbol: "EDIT", buyPrice: 165.1, confidence: 85 },
    });
    const expected = { symbol: "EDIT", source: "admin", confidence: 85, postedByName: "Ada User" };
    const noModel = { statedEvent: null, edgeSignificant: null, probability: null };
    expect((await bodyOf(res, 201)).recommendation).toMatchObject({ ...expected, ...noModel });
    const edits = () => bodyOf(historical({ query: { symbol: "EDIT" } }), 200);
    const [listed] = await edits();
    expect(listed).toMatchObject(expected);
    // A list leaves out what is null (decision 151).
    expect(Object.keys(noModel).filter((f) => f in listed!)).toEqual([]);
    await t.deps.database.db.delete(users).where(eq(users.id, editor.id));
    const [orphan] = await edits();
    expect(orphan).toMatchObject({ symbol: "EDIT", source: "admin" });
    expect(orphan).not.toHaveProperty("postedByName");
  });
});

describe(`track record on a market without stored prices (${testDbKind})`, () => {
  test("no growth line and no returns, but the calls are counted and the model card's figures come along", async () => {
    const p = await bodyOf(t.api(investor).recommendations.performance.$get({ query: {} }), 200);
    expect(p.count).toBeGreaterThan(0);
    expect(p.resolved).toBe(0);
    expect(p.cumulative).toEqual([]);
    expect(p.model.period.from).toBe("2010-01-08");
    expect(p.model.auc).toBeGreaterThan(0.5);
  });
});

describe(`historical beyond one answer (${testDbKind})`, () => {
  test("without paging parameters: the newest 500, the full total and a Link to the rest, which reaches it", async () => {
    const rows = Array.from({ length: 510 }, (_, i) => ({
      symbol: "BULK",
      buyPriceCents: 1000,
      sellTargetCents: 1100,
      confidence: 50,
      aggressive: false,
      aggressiveBasis: "test",
      estimatedDate: "2021-12-31",
      recommendationDate: `2021-${String(1 + Math.floor(i / 28)).padStart(2, "0")}-${String(1 + (i % 28)).padStart(2, "0")}`,
      reason: "bulk",
      source: "admin" as const,
    }));
    await t.deps.database.db.insert(recommendations).values(rows);
    const plain = await historical({ query: { symbol: "BULK" } });
    expect(plain.headers.get("X-Total-Count")).toBe("510");
    const list = await bodyOf(plain, 200);
    expect(Array.isArray(list)).toBe(true);
    expect(list).toHaveLength(500);
    // The cut answer says so, and where the rest is (decision 090); the last page links nowhere further.
    const next = plain.headers.get("Link")?.match(/^<([^>]+)>; rel="next"$/)?.[1];
    expect(next).toBe("/api/recommendations/historical?symbol=BULK&page=2&pageSize=500");
    const last = await historical({ query: Object.fromEntries(new URL(next!, "http://x").searchParams) });
    expect(last.headers.get("Link")).toBeNull();
    const rest = await bodyOf(last, 200);
    expect(rest).toHaveLength(10);
    expect(rest.at(-1)?.recommendationDate).toBe("2021-01-01");
    expect(new Set([...list, ...rest].map((r) => r.recommendationDate)).size).toBe(510);

    // One page of up to 1000 holds them all (the history table reads a year so, decision 137).
    const whole = await t.request("/api/recommendations/historical?symbol=BULK&page=1&pageSize=1000", {
      token: investor,
    });
    expect(whole.status).toBe(200);
    expect(whole.headers.get("Link")).toBeNull();
    const all = (await whole.json()) as Array<{ recommendationDate: string }>;
    expect(all).toHaveLength(510);
    expect(all.map((r) => r.recommendationDate)).toEqual([...list, ...rest].map((r) => r.recommendationDate));
  });
});
