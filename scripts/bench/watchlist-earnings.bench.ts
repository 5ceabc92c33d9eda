import { testClient } from "hono/testing";
import { createUser } from "../../api/features/auth/auth.service.ts";
import { configureMarket } from "../../api/market/configure.ts";
import { importDemoMarket } from "../../api/market/demo-import.ts";
import { allSymbols } from "../../api/market/price-history.ts";
import { readDemoMarketFiles } from "../../api/runtime/demo-market-files.ts";
import { benchApp, measure, ms, signInToken } from "./harness.ts";

/** A 200-item watchlist and the earnings calendar, on the whole demo market with warm caches. */
export async function benchWatchlistAndEarnings(): Promise<Record<string, string>> {
  const bench = await benchApp();
  await importDemoMarket(bench.deps.database, await readDemoMarketFiles());
  await configureMarket(bench.deps);
  const user = await createUser(bench.deps, { email: "w@example.com", password: "bench-password" });
  if ("kind" in user) throw new Error("bench user");
  const token = await signInToken(bench.app, "w@example.com", "bench-password");
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const symbols = (await allSymbols(bench.deps.database.db)).filter((s) => s !== "^GSPC").slice(0, 200);
  for (const symbol of symbols) {
    await bench.app.request("/api/watchlist", { method: "POST", headers, body: JSON.stringify({ symbol }) });
  }
  const get = (path: string) => async () => (await bench.app.request(path, { headers })).arrayBuffer();
  const watchlist = await measure(get("/api/watchlist"), 50, 5);
  const c0 = performance.now();
  const calendar = await testClient(bench.app).api["earnings-calendar"].$get(undefined, { headers });
  if (calendar.status !== 200) throw new Error(`the earnings calendar answered ${calendar.status}`);
  const first = await calendar.json();
  const cold = performance.now() - c0;
  const earnings = await measure(get("/api/earnings-calendar"), 100, 5);
  bench.close();
  return {
    "watchlist of 200 items (prices, moves, alerts, sparklines), median / p99": `${ms(watchlist.median)} / ${ms(watchlist.p99)} (target < 10 ms)`,
    "earnings calendar, first request (estimates every company's report days)": `${ms(cold)}, ${first.count} entries`,
    "earnings calendar, warm, median / p99": `${ms(earnings.median)} / ${ms(earnings.p99)} (target < 50 ms)`,
  };
}
