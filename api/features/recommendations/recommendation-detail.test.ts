import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { fixedMarket } from "../../test/fixed-market.ts";
import { startTestApp, type TestApp, testDbKind } from "../../test/harness.ts";
import { REASON_SUMMARY_CHARS } from "./reason-summary.ts";
import { postRecommendation } from "./recommendations.service.ts";

let t: TestApp;
let investor: string;
let editorPick: number;
let modelCall: number;

const EDITOR_NOTE =
  "Services revenue keeps compounding while the hardware cycle turns. Margins widened for six quarters in a row, " +
  "buybacks shrink the share count by about 3% a year, and the balance sheet carries more cash than debt.";
const MODEL_REASON =
  "Microsoft (MSFT) closed at $330.50 on 2023-10-27. Ranked against the 206 S&P 500 members that day, it sits in " +
  "decile 10 of 10 (10 is the best-ranked tenth), so the call is BUY. The model gives it a 52% chance to beat the " +
  "median S&P 500 stock over the next 60 trading days, against 50% for a coin flip. What moved its rank most: " +
  "3-month volatility, distance from its 52-week high. Model xgb-rank-h60-2023.";

beforeAll(async () => {
  t = await startTestApp();
  t.deps.market = fixedMarket("2023-10-27", { AAPL: 170.12, MSFT: 330.5 }, { AAPL: 0.22, MSFT: 0.25 });
  const admin = await t.createUser({ isAdmin: true });
  const user = await t.createUser();
  investor = await t.signIn(user.email, "correct-horse-battery");
  const pick = await postRecommendation(
    t.deps,
    {
      symbol: "AAPL",
      buyPrice: 16_510,
      sellTarget: 18_135,
      confidence: 72,
      estimatedDate: "2023-11-24",
      reason: EDITOR_NOTE,
    },
    { postedBy: admin.id },
  );
  const call = await postRecommendation(
    t.deps,
    {
      symbol: "MSFT",
      buyPrice: 33_050,
      sellTarget: 33_200,
      confidence: 52,
      estimatedDate: "2024-01-25",
      reason: MODEL_REASON,
    },
    { postedBy: null, source: "model", modelVersion: "xgb-rank-h60-2023" },
  );
  if (!pick.ok || !call.ok) throw new Error("posting the fixtures failed");
  editorPick = pick.value.recommendation.id;
  modelCall = call.value.recommendation.id;
});
afterAll(() => t.close());

type Row = { id: number; symbol: string; reason: string; currentPrice: number | null };

const read = async (path: string, token = investor) => {
  const res = await t.request(path, { token });
  return { status: res.status, body: (await res.json()) as unknown };
};

describe(`GET /api/recommendations/{id} on ${testDbKind}`, () => {
  test("answers the list's row with the whole reason, current price and outcome", async () => {
    const [latest, pick, call] = await Promise.all([
      read("/api/recommendations/latest"),
      read(`/api/recommendations/${editorPick}`),
      read(`/api/recommendations/${modelCall}`),
    ]);
    expect(pick.status).toBe(200);
    expect(call.status).toBe(200);
    expect(pick.body).toMatchObject({
      id: editorPick,
      symbol: "AAPL",
      buyPrice: "165.10",
      sellTarget: "181.35",
      reason: EDITOR_NOTE,
      source: "admin",
      currentPrice: 170.12,
      currentPriceAsOf: "2023-10-27",
    });
    expect((call.body as Row).reason).toBe(MODEL_REASON);
    // Every other field a list's row carries is the detail's, so a dialog opened from a card shows what the card
    // did; the detail adds what a list leaves out (decision 151).
    const listed = (latest.body as Row[]).find((r) => r.id === editorPick)!;
    const { outcome, ...rest } = { ...listed, reason: EDITOR_NOTE } as Row & { outcome: object };
    expect(pick.body).toMatchObject({ ...rest, outcome });
    expect(listed).not.toHaveProperty("aggressiveBasis");
    expect(listed).not.toHaveProperty("currentPriceAsOf");
    expect(pick.body).toMatchObject({ aggressiveBasis: expect.any(String), currentPriceAsOf: "2023-10-27" });
  });

  test("the lists carry the reason as a summary of at most two lines", async () => {
    const [latest, historical] = await Promise.all([
      read("/api/recommendations/latest"),
      read("/api/recommendations/historical?fromDate=2023-10-27&toDate=2023-10-27"),
    ]);
    for (const list of [latest.body, historical.body] as Row[][]) {
      const byId = new Map(list.map((r) => [r.id, r.reason]));
      // An editor's note: its opening, cut at a word.
      expect(byId.get(editorPick)).toBe(
        "Services revenue keeps compounding while the hardware cycle turns. Margins widened for six…",
      );
      // A model call: what moved its rank, which the card does not show otherwise.
      expect(byId.get(modelCall)).toBe(
        "What moved its rank most: 3-month volatility, distance from its 52-week high.",
      );
      for (const reason of byId.values()) expect(reason.length).toBeLessThanOrEqual(REASON_SUMMARY_CHARS);
    }
  });

  test("an unknown id is 404 { message }; a malformed one 400 { message }", async () => {
    const missing = await read("/api/recommendations/999999");
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ message: "No recommendation with id 999999.", code: "NOT_FOUND" });
    for (const id of ["0", "abc", "1.5", "0x10", "-3"]) {
      const bad = await read(`/api/recommendations/${id}`);
      expect(bad.status).toBe(400);
      expect((bad.body as { message: string }).message).toContain("id");
    }
  });

  test("as the lists: signed-in users only", async () => {
    const res = await t.request(`/api/recommendations/${editorPick}`);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { message: string }).message.length).toBeGreaterThan(0);
  });
});
