// Run by request-trace.bench.ts under `bun test --coverage`, never on its own: one signed-in GET
// /api/recommendations/latest answered from the cache, TRACE_REQUESTS times, after a warm-up that fills the cache.
// The runner compares the line hit counts of two runs with different TRACE_REQUESTS: the lines whose counts differ
// are what the extra requests ran.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { consoleJsonLogger, logTo } from "../lib/logger.ts";
import { bodyOf, startTestApp, type TestApp } from "./harness.ts";

const requests = Number(process.env.TRACE_REQUESTS ?? "1");
const WARM_UP = 4;

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await startTestApp();
  // As a server logs at info: the access line is formatted, then dropped (the writer is the runtime's, not the app's).
  t.deps.log = logTo(consoleJsonLogger("info", () => {}));
  const asOf = await t.useDemoMarket();
  const aMonthOn = new Date(Date.parse(asOf) + 30 * 86_400_000).toISOString().slice(0, 10);
  const admin = await t.createUser({ isAdmin: true });
  const adminToken = await t.signIn(admin.email, "correct-horse-battery");
  await bodyOf(
    t.api(adminToken).recommendations.$post({
      query: {},
      json: {
        symbol: "AAPL",
        buyPrice: 150,
        sellTarget: "180",
        confidence: 70,
        estimatedDate: aMonthOn,
        reason: "Traced.",
      },
    }),
    201,
  );
  const user = await t.createUser();
  token = await t.signIn(user.email, "correct-horse-battery");
});
afterAll(() => t.close());

test(`GET latest signed in, kept, ${requests} times`, async () => {
  const latest = () => t.api({ token, headers: { "accept-encoding": "gzip" } }).recommendations.latest.$get();
  for (let i = 0; i < WARM_UP; i++) expect((await latest()).status).toBe(200);
  for (let i = 0; i < requests; i++) expect((await latest()).status).toBe(200);
});
