import { describe, expect, test } from "bun:test";
import { createAnswerCache, stampOn, UNVERSIONED } from "./answer-cache.ts";
import { NO_MARKET } from "./market-port.ts";

const versions = { recommendations: 7, market: 3 };
const demo = { source: "demo", marketToday: () => "2023-10-27" };
const live = { source: "yahoo", marketToday: () => "2026-11-25" };

describe("what a kept value is stamped with (decision 076)", () => {
  test("each part adds what it depends on; nothing at all is the key alone", () => {
    expect(stampOn(versions, demo, ["recommendations", "market"])).toBe("7|3|demo|2023-10-27");
    expect(stampOn(versions, demo, ["market"])).toBe("3|demo|2023-10-27");
    expect(stampOn(versions, demo, [])).toBe("stored rows");
    expect(stampOn({ ...versions, market: 4 }, demo, ["market"])).not.toBe(
      stampOn(versions, demo, ["market"]),
    );
  });

  test("a live market's prices are never kept; the demo's follow its market data; no market, nothing priced", () => {
    expect(stampOn(versions, live, ["recommendations", "market", "prices"])).toBe(UNVERSIONED);
    expect(stampOn(versions, live, ["market"])).toBe("3|yahoo|2026-11-25");
    expect(stampOn(versions, demo, ["prices"])).toBe("3|demo|2023-10-27");
    expect(stampOn(versions, { source: NO_MARKET, marketToday: () => "" }, ["prices"])).toBe(NO_MARKET);
  });

  test("without the version row (NaN) nothing is kept", () => {
    expect(stampOn({ recommendations: Number.NaN, market: 3 }, demo, ["recommendations"])).toBe(UNVERSIONED);
  });
});

describe("the cache", () => {
  test("one computation per stamp and key, shared by concurrent callers; a new stamp computes again", async () => {
    const cache = createAnswerCache();
    let runs = 0;
    const compute = async () => ++runs;
    const [a, b] = await Promise.all([
      cache.get("s", "v1", "k", compute),
      cache.get("s", "v1", "k", compute),
    ]);
    expect([a, b]).toEqual([1, 1]);
    expect(await cache.get("s", "v2", "k", compute)).toBe(2);
    expect(runs).toBe(2);
  });

  test("find answers what is kept or being computed under the stamp, and computes nothing", async () => {
    const cache = createAnswerCache();
    expect(cache.find("s", "v1", "k")).toBeUndefined();
    let finish = (_: string) => {};
    const running = cache.get("s", "v1", "k", () => new Promise<string>((resolve) => (finish = resolve)));
    expect(cache.find("s", "v1", "k")).toBe(running);
    finish("done");
    expect(await cache.find("s", "v1", "k")).toBe("done");
    expect(cache.find("s", "v2", "k")).toBeUndefined();
    // The new stamp dropped the old one's values.
    expect(cache.find("s", "v1", "k")).toBeUndefined();
    expect(cache.find("s", UNVERSIONED, "k")).toBeUndefined();
  });

  test("a failed computation is forgotten, so the next caller tries again", async () => {
    const cache = createAnswerCache();
    await expect(cache.get("s", "v", "k", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    await Bun.sleep(0);
    expect(await cache.get("s", "v", "k", async () => "up")).toBe("up");
  });

  test("at most `keep` keys per slot, the least recently used going first; unversioned values are never kept", async () => {
    const cache = createAnswerCache();
    let runs = 0;
    const compute = async () => ++runs;
    await cache.get("s", "v", "a", compute, 2);
    await cache.get("s", "v", "b", compute, 2);
    await cache.get("s", "v", "a", compute, 2);
    await cache.get("s", "v", "c", compute, 2);
    expect(runs).toBe(3);
    expect(await cache.get("s", "v", "a", compute, 2)).toBe(1);
    expect(await cache.get("s", "v", "b", compute, 2)).toBe(4);
    expect(await cache.get("s", UNVERSIONED, "x", compute)).toBe(5);
    expect(await cache.get("s", UNVERSIONED, "x", compute)).toBe(6);
  });
});
