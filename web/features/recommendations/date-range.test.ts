import { describe, expect, test } from "bun:test";
import { marketToday } from "../../lib/market-status.queries.ts";
import { defaultRange } from "./date-range.ts";

describe("the app's today and the historical tab's default range", () => {
  test("on the demo market today is the market's date, so the default range holds its last recommendations", () => {
    const today = marketToday({ demo: true, asOf: "2023-10-27" }, new Date(2026, 10, 23));
    expect(today).toBe("2023-10-27");
    expect(defaultRange(today)).toEqual({ fromDate: "2023-10-26", toDate: "2023-10-27" });
  });
  test("on live data (or before the status has loaded) today is the viewer's calendar date", () => {
    expect(marketToday({ demo: false, asOf: "2026-11-20" }, new Date(2026, 10, 23, 9))).toBe("2026-11-23");
    expect(marketToday(undefined, new Date(2026, 0, 1, 0, 5))).toBe("2026-01-01");
    expect(defaultRange("2026-03-01")).toEqual({ fromDate: "2026-02-28", toDate: "2026-03-01" });
  });
});
