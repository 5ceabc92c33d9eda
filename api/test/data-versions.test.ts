import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDb, type Database } from "../../db/client.ts";
import { createApp } from "../app.ts";
import { createUser } from "../features/auth/auth.service.ts";
import type { AppDeps } from "../lib/context.ts";
import { configureMarket } from "../market/configure.ts";
import { depsOn, prepareDatabase } from "./prepared-database.ts";
import { type SqldServer, startSqld } from "./sqld.ts";
import { writeUncounted } from "./uncounted-write.ts";

// Derived data (outcomes, the track record, the calendar, the universe's ranks) is kept per data version, which
// SQLite triggers bump on any write (docs/decisions/027-derived-data-per-version.md). The app here has its own
// connection; the writes come through a second connection to the same database, as another process's would. A
// write whose count is set back (writeUncounted) shows whether an answer was kept: a kept one does not see it.
const SECRET = "data-versions-secret-data-versions-secret";
const PASSWORD = "correct-horse-battery";
// Twenty stocks or more, so the market's daily volume counts in the earnings estimates, from 2019 on (the calendar's
// reactions read three years and their warm-up).
const SYMBOLS = [
  ...["AAPL", "MSFT", "NVDA", "JPM", "XOM", "WYNN", "CTLT", "LKQ", "SYK", "IBM", "KO", "PEP", "MCD"],
  ...["NKE", "HD", "LOW", "CAT", "DE", "GS", "MS", "T", "VZ", "PFE", "MRK", "ORCL"],
];
const kind = (process.env.TEST_DB ?? "file") as "file" | "sqld";
const inProcess = (process.env.TEST_TARGET ?? "bun") === "bun";

let sqld: SqldServer | undefined;
let dir: string | undefined;
let server: Database;
let writer: Database;
let deps: AppDeps;
let app: ReturnType<typeof createApp>;
let token: string;

beforeAll(async () => {
  if (!inProcess) return;
  let url: string;
  if (kind === "sqld") {
    sqld = await startSqld();
    url = sqld.url;
  } else {
    dir = mkdtempSync(join(tmpdir(), "data-versions-"));
    url = `file:${join(dir, "test.db")}`;
  }
  writer = await prepareDatabase(url, {
    symbols: SYMBOLS,
    from: "2019-06-01",
  });
  server = createDb(url);
  deps = depsOn(server, SECRET);
  await configureMarket(deps, { MARKET_AS_OF: "2023-10-27" });
  app = createApp(deps);
  await createUser(deps, { email: "reader@example.com", password: PASSWORD, firstName: "R", lastName: "R" });
  const res = await app.request("/api/auth/signin", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "reader@example.com", password: PASSWORD }),
  });
  token = ((await res.json()) as { user: { authToken: string } }).user.authToken;
}, 60_000);

afterAll(async () => {
  if (!inProcess) return;
  server.client.close();
  writer.client.close();
  await sqld?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function get<T>(path: string): Promise<T> {
  const res = await app.request(path, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

interface Listed {
  id: number;
  symbol: string;
  outcome: { realisedReturn: number | null } | null;
}
interface Whole {
  outcome: { exitDate: string | null } | null;
}
/** The calls posted here are editor's picks (source admin): the track record counts them apart from the model. */
interface Performance {
  editorsPicks: { count: number };
}

/** Posts a call through the second connection, as a script or another server process would. */
async function postElsewhere(symbol: string, date: string, estimatedDate = "2023-10-20") {
  await writer.client.execute({
    sql: `insert into recommendations (symbol, buy_price_cents, sell_target_cents, confidence, aggressive,
      aggressive_basis, estimated_date, recommendation_date, reason, source)
      values (?, 10000, 11000, 60, 0, 'set when posted', ?, ?, 'posted elsewhere', 'admin')`,
    args: [symbol, estimatedDate, date],
  });
}

describe.skipIf(!inProcess)(`derived data per data version, two connections on ${kind}`, () => {
  test("a write through another connection bumps the version in one indexed read's row", async () => {
    const read = async () =>
      (await server.client.execute("select recommendations, market from data_versions where id = 1"))
        .rows[0]!;
    const before = await read();
    await postElsewhere("XOM", "2023-01-03");
    await writer.client.execute(
      "update daily_prices set volume = volume + 1 where symbol = 'XOM' and date = '2023-01-03'",
    );
    const after = await read();
    expect(Number(after.recommendations)).toBe(Number(before.recommendations) + 1);
    expect(Number(after.market)).toBe(Number(before.market) + 1);
  });

  test("latest: scored once while nothing changes; a call posted elsewhere is in the very next answer", async () => {
    await postElsewhere("AAPL", "2023-09-01");
    const first = await get<Listed[]>("/api/recommendations/latest");
    expect(first.map((r) => r.symbol)).toEqual(["AAPL"]);
    await writeUncounted(writer, () => postElsewhere("MSFT", "2023-09-01"));
    for (let i = 0; i < 5; i++) expect(await get<Listed[]>("/api/recommendations/latest")).toEqual(first);

    await postElsewhere("NVDA", "2023-09-01");
    const next = await get<Listed[]>("/api/recommendations/latest");
    expect(next.map((r) => r.symbol).sort()).toEqual(["AAPL", "MSFT", "NVDA"]);
  });

  test("latest: prices rewritten elsewhere change the outcome in the next answer", async () => {
    const before = (await get<Listed[]>("/api/recommendations/latest")).find((r) => r.symbol === "AAPL")!;
    // The session the return runs to is the detail's (decision 151).
    expect((await get<Whole>(`/api/recommendations/${before.id}`)).outcome?.exitDate).toBe("2023-10-20");
    // A provider's re-adjusted history (a split, a dividend) rewrites the stored closes.
    await writer.client.execute(
      "update daily_prices set adj_close = adj_close * 2 where symbol = 'AAPL' and date = '2023-10-20'",
    );
    const after = (await get<Listed[]>("/api/recommendations/latest")).find((r) => r.symbol === "AAPL")!;
    // The list sends returns at 0.001; doubling the close moves this one by about 1.
    expect(after.outcome!.realisedReturn!).toBeCloseTo(2 * (1 + before.outcome!.realisedReturn!) - 1, 2);
  });

  test("track record: one computation per filters and version; a write elsewhere is counted at once", async () => {
    const first = await get<Performance>("/api/recommendations/performance");
    const symbolOnly = await get<Performance>("/api/recommendations/performance?symbol=MSFT");
    await writeUncounted(writer, () => postElsewhere("PEP", "2023-08-01"));
    for (let i = 0; i < 3; i++) {
      expect(await get<Performance>("/api/recommendations/performance")).toEqual(first);
      expect(await get<Performance>("/api/recommendations/performance?symbol=MSFT")).toEqual(symbolOnly);
    }

    await postElsewhere("KO", "2023-08-01");
    expect((await get<Performance>("/api/recommendations/performance")).editorsPicks.count).toBe(
      first.editorsPicks.count + 2,
    );
    expect((await get<Performance>("/api/recommendations/performance?symbol=MSFT")).editorsPicks.count).toBe(
      symbolOnly.editorsPicks.count,
    );

    await writer.client.execute("delete from recommendations where symbol in ('PEP', 'KO')");
    expect((await get<Performance>("/api/recommendations/performance")).editorsPicks.count).toBe(
      first.editorsPicks.count,
    );
  });

  test("historical: each search kept per version; a call deleted elsewhere is gone from the next answer", async () => {
    const all = await get<Listed[]>("/api/recommendations/historical");
    await writeUncounted(writer, () => postElsewhere("MCD", "2023-07-03"));
    expect(await get<Listed[]>("/api/recommendations/historical")).toEqual(all);
    await writer.client.execute("delete from recommendations where symbol in ('XOM', 'MCD')");
    const after = await get<Listed[]>("/api/recommendations/historical");
    expect(after.map((r) => r.symbol)).not.toContain("XOM");
    expect(after).toHaveLength(all.length - 1);
  });

  test("earnings calendar: once per market data version; a security renamed elsewhere shows at once", async () => {
    const calendar = await get<{ earnings: Array<{ symbol: string; companyName: string }> }>(
      "/api/earnings-calendar",
    );
    const listed = calendar.earnings[0]!;
    expect(listed).toBeDefined();
    const rename = (name: string) =>
      writer.client.execute({
        sql: "update securities set name = ? where symbol = ?",
        args: [name, listed.symbol],
      });
    await writeUncounted(writer, () => rename("Renamed Uncounted Inc."));
    expect(await get<typeof calendar>("/api/earnings-calendar")).toEqual(calendar);
    await rename("Renamed Elsewhere Inc.");
    const after = await get<typeof calendar>("/api/earnings-calendar");
    expect(after.earnings.find((e) => e.symbol === listed.symbol)?.companyName).toBe(
      "Renamed Elsewhere Inc.",
    );
  });

  test("analyze: the engine's figures are kept per market data version", async () => {
    const analyze = async (symbol: string) => {
      const res = await app.request("/api/insights/analyze", {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ symbol }),
      });
      expect(res.status).toBe(201);
      return (await res.json()) as { currentPrice: number };
    };
    const raiseLastClose = () =>
      writer.client.execute(
        "update daily_prices set close = close + 1 where symbol = 'JPM' and date = (select max(date) from daily_prices where symbol = 'JPM')",
      );
    const before = await analyze("JPM");
    await writeUncounted(writer, raiseLastClose);
    expect((await analyze("JPM")).currentPrice).toBe(before.currentPrice);
    await raiseLastClose();
    const after = await analyze("JPM");
    expect(after.currentPrice).toBeCloseTo(before.currentPrice + 2, 2);
  });

  test("watchlist: one answer kept per lists version; an item added or changed elsewhere shows at once", async () => {
    const me = await writer.client.execute("select id from users where email = 'reader@example.com'");
    const userId = Number(me.rows[0]!.id);
    const list = () => get<Array<{ symbol: string; targetChangePercent: number }>>("/api/watchlist");
    expect(await list()).toEqual([]);
    await writer.client.execute({
      sql: `insert into watchlist_items (user_id, symbol, target_change_percent, added_at) values (?, 'KO', 5, ?)`,
      args: [userId, Date.parse("2023-10-27T20:00:00Z")],
    });
    const first = await list();
    expect(first.map((i) => i.symbol)).toEqual(["KO"]);
    const setTarget = (percent: number) =>
      writer.client.execute({
        sql: "update watchlist_items set target_change_percent = ? where user_id = ?",
        args: [percent, userId],
      });
    await writeUncounted(writer, () => setTarget(7));
    for (let i = 0; i < 3; i++) expect(await list()).toEqual(first);
    await setTarget(9);
    expect((await list())[0]?.targetChangePercent).toBe(9);
    await writer.client.execute({ sql: "delete from watchlist_items where user_id = ?", args: [userId] });
    expect(await list()).toEqual([]);
  });

  test("insight history: kept per lists version; an insight saved or deleted elsewhere shows at once", async () => {
    const history = async () => {
      const res = await app.request("/api/insights/history", {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(200);
      return { total: res.headers.get("x-total-count"), items: (await res.json()) as Array<{ id: number }> };
    };
    const before = await history();
    const analyzed = await app.request("/api/insights/analyze", {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ symbol: "KO" }),
    });
    expect(analyzed.status).toBe(201);
    const after = await history();
    expect(after.items.length).toBe(before.items.length + 1);
    expect(Number(after.total)).toBe(Number(before.total ?? 0) + 1);
    await writeUncounted(writer, () =>
      writer.client.execute({ sql: "delete from insights where id = ?", args: [after.items[0]!.id] }),
    );
    expect(await history()).toEqual(after);
    await writer.client.execute("delete from insights");
    expect(await history()).toEqual({ total: "0", items: [] });
  });
});
