import { describe, expect, test } from "bun:test";
import { pageTitle, type TitledMatch } from "./page-title.ts";

/** The matches the router has for a path: the root, then each layout down to the page. */
function matches(ids: string[], user?: object): TitledMatch[] {
  return ["__root__", ...ids].map((routeId) => ({ routeId, status: "success", context: { user } }));
}

const DASHBOARD = ["/_authed", "/_authed/_app", "/_authed/_app/dashboard"];

describe("page titles", () => {
  test("each dashboard tab has its own title, not the dashboard's", () => {
    expect(
      [
        "/_authed/_app/dashboard/_latestTab",
        "/_authed/_app/dashboard/historical",
        "/_authed/_app/dashboard/analyze",
        "/_authed/_app/dashboard/history",
        "/_authed/_app/dashboard/earnings",
        "/_authed/_app/dashboard/watchlist",
      ].map((tab) => pageTitle(matches([...DASHBOARD, tab]))),
    ).toEqual([
      "Latest Recommendations · Signalboard",
      "Historical Recommendations · Signalboard",
      "Analyze Stock · Signalboard",
      "Analysis History · Signalboard",
      "Earnings Calls · Signalboard",
      "Watchlist · Signalboard",
    ]);
  });

  test("a recommendation's dialog over its list is titled as one", () => {
    for (const ids of [
      ["/_authed/_app/dashboard/_latestTab", "/_authed/_app/dashboard/_latestTab/r/$id"],
      ["/_authed/_app/dashboard/historical", "/_authed/_app/dashboard/historical/r/$id"],
    ])
      expect(pageTitle(matches([...DASHBOARD, ...ids]))).toBe("Recommendation · Signalboard");
  });

  test("signed in, / is the Latest tab; signed out, the landing page", () => {
    expect(pageTitle([{ routeId: "/", status: "success", context: { user: { id: "u" } } }])).toBe(
      "Latest Recommendations · Signalboard",
    );
    expect(pageTitle([{ routeId: "/", status: "success", context: {} }])).toBe(
      "Signalboard: stock recommendations you can check",
    );
  });

  test("each page has its own title, a tab of Insights its page's", () => {
    expect(pageTitle(matches(["/_authed", "/_authed/_app", "/_authed/_app/account"]))).toBe(
      "Account · Signalboard",
    );
    // The public Track Record, signed in or not (decision 144).
    expect(pageTitle(matches(["/track-record"]))).toBe("Track Record · Signalboard");
    expect(pageTitle(matches(["/_authed", "/_authed/_admin", "/_authed/_admin/admin_/outbox"]))).toBe(
      "Mail Outbox · Signalboard",
    );
    expect(
      pageTitle(
        matches(["/_authed", "/_authed/_app", "/_authed/_app/insights", "/_authed/_app/insights/history"]),
      ),
    ).toBe("Stock Insights · Signalboard");
    expect(pageTitle([{ routeId: "__root__", status: "notFound", context: {} }])).toBe(
      "Page Not Found · Signalboard",
    );
  });
});
