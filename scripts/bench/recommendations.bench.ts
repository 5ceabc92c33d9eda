import { createUser } from "../../api/features/auth/auth.service.ts";
import { demoMarket } from "../../api/market/demo-market.ts";
import { benchApp, measure, ms, signInToken } from "./harness.ts";

const SYMBOLS = 2000;
const PER_DATE = 100;

function dateAt(index: number): string {
  return new Date(Date.UTC(1999, 0, 1) + index * 86_400_000).toISOString().slice(0, 10);
}

/** Inserts `dates` dates of `PER_DATE` recommendations each, with raw batched statements. */
async function fill(client: import("@libsql/client").Client, fromDate: number, dates: number) {
  let seed = 42;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  for (let d = fromDate; d < fromDate + dates; d += 20) {
    const values: string[] = [];
    const args: (string | number)[] = [];
    for (let day = d; day < Math.min(fromDate + dates, d + 20); day++) {
      const start = Math.floor(random() * SYMBOLS);
      for (let k = 0; k < PER_DATE; k++) {
        const symbol = `S${String((start + k * 7) % SYMBOLS).padStart(4, "0")}`;
        const buy = 1000 + Math.floor(random() * 50000);
        values.push("(?, ?, ?, ?, ?, 'bench', ?, ?, 'benchmark row', 'model')");
        args.push(symbol, buy, buy + 100 + Math.floor(random() * 5000), Math.floor(random() * 101));
        args.push(random() < 0.3 ? 1 : 0, dateAt(day + 30), dateAt(day));
      }
    }
    await client.execute({
      sql: `insert into recommendations (symbol, buy_price_cents, sell_target_cents, confidence, aggressive, aggressive_basis, estimated_date, recommendation_date, reason, source) values ${values.join(",")}`,
      args,
    });
  }
}

/** `latest` and one symbol's year of history at 1,000 and at 1,000,000 rows, with 10,000 users. */
export async function benchRecommendations(): Promise<Record<string, string>> {
  const bench = await benchApp();
  // A market on the (empty) price tables, so each request pays for its batched price lookup and outcome scoring.
  bench.deps.market = demoMarket(bench.deps.database.db, "2026-11-20");
  const { client } = bench.deps.database;
  const user = await createUser(bench.deps, { email: "bench@example.com", password: "bench-password" });
  if ("kind" in user) throw new Error("bench user");
  const token = await signInToken(bench.app, "bench@example.com", "bench-password");
  const headers = { authorization: `Bearer ${token}` };

  // 9,999 more users, inserted directly (hashing 10,000 passwords would only measure argon2).
  for (let i = 0; i < 9999; i += 500) {
    const rows = Array.from({ length: Math.min(500, 9999 - i) }, (_, k) => i + k);
    await client.execute({
      sql: `insert into users (email, password_hash, api_key_hash, api_key_ciphertext, api_key_created_at) values ${rows.map(() => "(?, null, ?, 'x', 0)").join(",")}`,
      args: rows.flatMap((n) => [`bench-${n}@example.com`, `hash-${n}`]),
    });
  }

  const run = async (label: string, year: number) => {
    const latest = await measure(async () => {
      const res = await bench.app.request("/api/recommendations/latest", { headers });
      await res.arrayBuffer();
    });
    const history = await measure(async () => {
      const res = await bench.app.request(
        `/api/recommendations/historical?symbol=S0042&fromDate=${year}-01-01&toDate=${year}-12-31`,
        { headers },
      );
      await res.arrayBuffer();
    });
    return { label, latest, history };
  };

  await fill(client, 0, 10);
  const small = await run("1,000 rows", 1999);
  const t0 = performance.now();
  await fill(client, 10, 9990);
  const fillSeconds = (performance.now() - t0) / 1000;
  const [{ n }] = (await client.execute("select count(*) as n from recommendations")).rows as unknown as [
    { n: number },
  ];
  const large = await run(`${n.toLocaleString("en-US")} rows`, 2025);
  bench.close();

  return {
    "rows inserted for the large run": `${n.toLocaleString("en-US")} in ${fillSeconds.toFixed(1)} s`,
    "latest (1,000 rows) median / p99": `${ms(small.latest.median)} / ${ms(small.latest.p99)}`,
    "latest (1,000,000 rows) median / p99": `${ms(large.latest.median)} / ${ms(large.latest.p99)} (target < 5 ms)`,
    "historical, one symbol, one year (1,000 rows) median": ms(small.history.median),
    "historical, one symbol, one year (1,000,000 rows) median / p99": `${ms(large.history.median)} / ${ms(large.history.p99)} (target < 20 ms)`,
    "ratio 1M / 1k: latest, historical": `${(large.latest.median / small.latest.median).toFixed(2)}, ${(large.history.median / small.history.median).toFixed(2)} (target < 3)`,
  };
}
