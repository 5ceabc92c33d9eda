import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { PUBLIC_MAX_AGE } from "../../lib/kept-answer.ts";
import { PRIVATE_NO_STORE } from "../../middleware/every-request.ts";
import { bodyOf, errorOf, startTestApp, type TestApp, testDbKind } from "../../test/harness.ts";
import { generateForDates } from "./generate.service.ts";
import { postRecommendation } from "./recommendations.service.ts";

// Issue 42, point 7, decision 144: the track record and the model card are public, the same for every caller.
let t: TestApp;
let investor: string;
let other: string;
let adminEmail: string;
let adminId: number;
beforeAll(async () => {
  t = await startTestApp();
  await t.useDemoMarket({ symbols: ["AAPL", "MSFT", "NVDA", "JPM", "XOM"], from: "2022-06-01" });
  await generateForDates(t.deps, ["2023-06-02", "2023-06-09", "2023-10-20"]);
  const admin = await t.createUser({ isAdmin: true, firstName: "Avery" });
  adminEmail = admin.email;
  adminId = admin.id;
  // An editor's pick carries its poster's id in the database: the public answer must not.
  const pick = await postRecommendation(
    t.deps,
    {
      symbol: "JPM",
      buyPrice: 14_000,
      sellTarget: 15_000,
      confidence: 70,
      estimatedDate: "2023-09-01",
      reason: "An editor's view.",
    },
    { recommendationDate: "2023-06-02", postedBy: admin.id },
  );
  if (!pick.ok) throw new Error(pick.message);
  investor = await t.signIn((await t.createUser()).email, "correct-horse-battery");
  other = await t.signIn((await t.createUser()).email, "correct-horse-battery");
}, 120_000);
afterAll(() => t.close());

const publicRecord = (caller?: string | { ip: string }) =>
  t.api(caller).recommendations["track-record"].$get({ query: {} });

describe(`the public track record (${testDbKind})`, () => {
  test("signed out, the whole record and the model card, exactly what a signed-in person reads", async () => {
    const res = await publicRecord();
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe(PUBLIC_MAX_AGE);
    const visitor = await bodyOf(Promise.resolve(res), 200);
    expect(visitor.count).toBeGreaterThan(0);
    expect(visitor.editorsPicks.count).toBe(1);
    // The simulated label and the model card's verdict travel with it.
    expect(visitor.live.count).toBe(0);
    expect(visitor.model.edgeSignificant).toBe(false);
    expect(visitor.evidence.designChoice.length).toBeGreaterThan(0);
    const signedIn = await bodyOf(t.api(investor).recommendations.performance.$get({ query: {} }), 200);
    expect(visitor).toEqual(signedIn);
    expect(await bodyOf(publicRecord(other), 200)).toEqual(visitor);
  });

  test("it cites no decision or issue number a visitor cannot look up; it names what was done instead", async () => {
    const citation = /\b(decisions?|issues?) \d/i;
    const record = await bodyOf(publicRecord(), 200);
    expect(JSON.stringify(record)).not.toMatch(citation);
    expect(await (await t.api().preregistration.$get()).text()).not.toMatch(citation);
    expect(record.evidence.designChoice).toContain("2010-2023 (see Designs tried)");
    expect(record.model.designs.map((d) => d.when)).toContain(
      "a trial of four designs, fixed before any was run",
    );
  });

  test("nothing in it is anyone's own: no user id, email or name, the editor's pick included", async () => {
    const text = await (await publicRecord()).text();
    expect(text).not.toContain(adminEmail);
    expect(text).not.toContain("Avery");
    expect(text).not.toMatch(/"(postedBy|userId|email|firstName|apiKey)"/);
    expect(text).not.toContain(`"id":${adminId},`);
  });

  test("a visitor's copy may be cached by anyone and revalidated; a signed-in copy is private", async () => {
    const first = await publicRecord();
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^W\/"[0-9a-f]{32}"$/);
    await first.text();
    const again = await t.request("/api/recommendations/track-record", {
      headers: { "if-none-match": etag! },
    });
    expect(again.status).toBe(304);
    const signedIn = await publicRecord(investor);
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("cache-control")).toBe(PRIVATE_NO_STORE);
    // The ETag names no user: the visitor's and the signed-in person's copy are the same answer.
    expect(signedIn.headers.get("etag")).toBe(etag);
  });

  test("any query parameter is refused with a 400 JSON message, and /performance still needs an account", async () => {
    for (const query of ["symbol=AAPL", "fromDate=not-a-date", "aggressive=aggressive&page=2"]) {
      const error = await errorOf(t.request(`/api/recommendations/track-record?${query}`), 400);
      expect(error.code).toBe("VALIDATION_ERROR");
      expect(error.message).toContain("The public track record takes no filters");
    }
    const filtered = await errorOf(t.request("/api/recommendations/performance?symbol=AAPL"), 401);
    expect(filtered.code).toBe("UNAUTHORIZED");
  });

  test("a kept record is never refused; computing a new one is charged to the visitor's address", async () => {
    const address = "203.0.113.9";
    const places = [0, 1].map(() => t.deps.expensiveReads.enter(`address:${address}`));
    try {
      expect(places.every((p) => "release" in p)).toBe(true);
      // Kept: served whoever asks, however busy their address is.
      expect((await publicRecord({ ip: address })).status).toBe(200);
      // A new call changes the record: the next request computes it, and this address has no place left.
      const posted = await postRecommendation(
        t.deps,
        {
          symbol: "MSFT",
          buyPrice: 30_000,
          sellTarget: 31_000,
          confidence: 60,
          estimatedDate: "2023-12-01",
          reason: "Another view.",
        },
        { recommendationDate: "2023-10-20", postedBy: adminId },
      );
      if (!posted.ok) throw new Error(posted.message);
      const refused = await bodyOf(publicRecord({ ip: address }), 429);
      expect(refused.code).toBe("RATE_LIMITED");
      // Another address computes it, and then it is kept for everyone, the busy address included.
      const computed = await bodyOf(publicRecord({ ip: "198.51.100.7" }), 200);
      expect(computed.editorsPicks.count).toBe(2);
      expect((await publicRecord({ ip: address })).status).toBe(200);
    } finally {
      for (const place of places) if ("release" in place) place.release();
    }
  });
});

describe(`the public pre-registered test (${testDbKind})`, () => {
  test("signed out, the same answer as signed in, cacheable by anyone", async () => {
    const res = await t.api().preregistration.$get();
    expect(res.headers.get("cache-control")).toBe(PUBLIC_MAX_AGE);
    const visitor = await bodyOf(Promise.resolve(res), 200);
    expect(visitor.summary).toMatch(/^\d+ of \d+ weeks collected$/);
    expect(await bodyOf(t.api(investor).preregistration.$get(), 200)).toEqual(visitor);
  });

  test("unknown paths under it answer 404 JSON, other methods 405", async () => {
    expect((await errorOf(t.request("/api/preregistration/extra"), 404)).code).toBe("NOT_FOUND");
    expect((await errorOf(t.request("/api/preregistration", { method: "POST" }), 405)).message).toBeTruthy();
  });
});
