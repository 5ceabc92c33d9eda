import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createAnswerCache } from "../lib/answer-cache.ts";
import { inProcess, startTestApp, type TestApp, targetName } from "../test/harness.ts";
import { writeUncounted } from "../test/uncounted-write.ts";

// ETag and 304 on the kept reads (decision 088): the tag comes from the stamp of what the answer is a function
// of, so a 304 computes nothing; per-user answers carry the user in the tag and are private.
let t: TestApp;
let reader: string;
let other: string;
const PASSWORD = "correct-horse-battery";

beforeAll(async () => {
  t = await startTestApp();
  await t.useDemoMarket({ symbols: ["AAPL", "MSFT"], from: "2023-01-01" });
  const a = await t.createUser();
  const b = await t.createUser();
  reader = await t.signIn(a.email, PASSWORD);
  other = await t.signIn(b.email, PASSWORD);
}, 60_000);
afterAll(() => t.close());

/** Posts a call straight into the database, as a script or another server process would. */
async function postCall(symbol: string, date: string) {
  await t.deps.database.client.execute({
    sql: `insert into recommendations (symbol, buy_price_cents, sell_target_cents, confidence, aggressive,
      aggressive_basis, estimated_date, recommendation_date, reason, source)
      values (?, 10000, 11000, 60, 0, 'set when posted', ?, ?, 'posted elsewhere', 'admin')`,
    args: [symbol, date, date],
  });
}

async function tagOf(path: string, token: string): Promise<string> {
  const res = await t.request(path, { token });
  expect(res.status).toBe(200);
  const etag = res.headers.get("etag");
  expect(etag).toMatch(/^W\/"[0-9a-f]{32}"$/);
  expect(res.headers.get("cache-control")).toContain("private");
  await res.arrayBuffer();
  return etag!;
}

const conditional = (path: string, token: string, etag: string) =>
  t.request(path, { token, headers: { "if-none-match": etag } });

describe(`conditional GETs of the kept reads (${targetName})`, () => {
  const HOT_READS = [
    "/api/recommendations/latest",
    "/api/recommendations/historical?symbol=AAPL",
    "/api/recommendations/performance",
    "/api/earnings-calendar",
    "/api/market/symbols?q=AA",
    "/api/watchlist",
    "/api/insights/history",
  ];

  test("each answers 200 with an ETag, and 304 without a body to a client holding it", async () => {
    await postCall("AAPL", "2023-10-20");
    for (const path of HOT_READS) {
      const etag = await tagOf(path, reader);
      const again = await conditional(path, reader, etag);
      expect(again.status, path).toBe(304);
      expect(again.headers.get("etag")).toBe(etag);
      expect(await again.text()).toBe("");
      // A list of tags, weak or not, as caches send them.
      const listed = await conditional(path, reader, `W/"0123", ${etag.slice(2)}`);
      expect(listed.status, path).toBe(304);
    }
  });

  test("a new call posted anywhere gives the recommendation reads a new ETag and a 200", async () => {
    const paths = HOT_READS.slice(0, 3);
    const before = await Promise.all(paths.map((path) => tagOf(path, reader)));
    await postCall("MSFT", "2023-10-25");
    for (const [i, path] of paths.entries()) {
      const res = await conditional(path, reader, before[i]!);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("etag")).not.toBe(before[i]);
    }
  });

  test("another filter's ETag is not this one's", async () => {
    const aapl = await tagOf("/api/recommendations/historical?symbol=AAPL", reader);
    const res = await conditional("/api/recommendations/historical?symbol=MSFT", reader, aapl);
    expect(res.status).toBe(200);
  });

  test("per-user reads: another user's ETag gets a 200; the user's own changes give a new one", async () => {
    const mine = await tagOf("/api/watchlist", reader);
    expect((await conditional("/api/watchlist", other, mine)).status).toBe(200);
    expect((await conditional("/api/watchlist", reader, mine)).status).toBe(304);
    const add = await t.request("/api/watchlist", {
      method: "POST",
      token: reader,
      json: { symbol: "AAPL" },
    });
    expect(add.status).toBe(201);
    const changed = await conditional("/api/watchlist", reader, mine);
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as unknown[]).length).toBe(1);
  });

  test("the public track record: one ETag for everyone, public to a visitor, new with a new call", async () => {
    const path = "/api/recommendations/track-record";
    const visitor = await t.request(path);
    expect(visitor.status).toBe(200);
    expect(visitor.headers.get("cache-control")).toBe("public, max-age=60");
    const etag = visitor.headers.get("etag")!;
    await visitor.arrayBuffer();
    expect(await tagOf(path, reader)).toBe(etag);
    const again = await t.request(path, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    await postCall("MSFT", "2023-10-24");
    const changed = await t.request(path, { headers: { "if-none-match": etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    await changed.arrayBuffer();
  });

  test.skipIf(!inProcess)("a 304 computes nothing: not even with every kept value gone", async () => {
    await postCall("AAPL", "2023-10-26");
    const etag = await tagOf("/api/recommendations/latest", reader);
    const kept = t.deps.cache;
    // An empty cache: had the 304 computed the answer, it would keep it, and the uncounted call below would not show.
    t.deps.cache = createAnswerCache();
    try {
      expect((await conditional("/api/recommendations/latest", reader, etag)).status).toBe(304);
      await writeUncounted(t.deps.database, () => postCall("MSFT", "2023-10-26"));
      const res = await t.request("/api/recommendations/latest", { token: reader });
      expect(res.headers.get("etag")).toBe(etag);
      const latest = (await res.json()) as Array<{ symbol: string }>;
      expect(latest.map((r) => r.symbol).sort()).toEqual(["AAPL", "MSFT"]);
    } finally {
      t.deps.cache = kept;
    }
  });
});
