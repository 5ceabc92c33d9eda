import { afterEach, describe, expect, test } from "bun:test";
import { QueryClient } from "@tanstack/react-query";
import { defaultParseSearch } from "@tanstack/react-router";
import { prefetchHistorical, validateDashboardSearch } from "./dashboard-search.ts";
import { historicalPreloadPath } from "./historical-preload.ts";

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** The address the app itself asks for first on this page (main.tsx's prefetchHistorical), path and query. */
async function appAsks(search: string): Promise<string[]> {
  const asked: string[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    asked.push(url.pathname + url.search);
    return new Response("[]", {
      status: 200,
      headers: { "content-type": "application/json", "x-total-count": "0" },
    });
  }) as unknown as typeof fetch;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  prefetchHistorical(queryClient, validateDashboardSearch(defaultParseSearch(search)));
  await Bun.sleep(10);
  return asked;
}

describe("the historical document's early ask (web/preload-historical.ts)", () => {
  test("is the very address the tab then asks for, so the browser hands the app its answer", async () => {
    for (const search of [
      "?from=2022-10-28&to=2023-10-27&view=table",
      "?from=2022-10-28&to=2023-10-27",
      "?from=2023-01-02&to=2023-10-27&symbol=brk.b&aggressive=aggressive&view=table",
      "?from=&to=2023-10-27&symbol=%5EGSPC",
      "?to=2023-10-27&from=2023-10-20&symbol=123&aggressive=nonsense&view=cards",
    ]) {
      const preload = historicalPreloadPath("/dashboard/historical", search);
      expect(preload).not.toBeNull();
      expect(await appAsks(search)).toEqual([preload!]);
    }
  });

  test("the table asks for the whole search, the cards for their first page", () => {
    const table = historicalPreloadPath("/dashboard/historical", "?from=2022-10-28&to=2023-10-27&view=table");
    expect(table).toBe(
      "/api/recommendations/historical?fromDate=2022-10-28&toDate=2023-10-27&page=1&pageSize=1000",
    );
    const cards = historicalPreloadPath("/dashboard/historical", "?from=2022-10-28&to=2023-10-27");
    expect(cards).toBe(
      "/api/recommendations/historical?fromDate=2022-10-28&toDate=2023-10-27&page=1&pageSize=24",
    );
  });

  test("asks nothing where it cannot know the address or could not send what the app sends", () => {
    // A date left to the market's today, which only the API knows.
    expect(historicalPreloadPath("/dashboard/historical", "")).toBeNull();
    expect(historicalPreloadPath("/dashboard/historical", "?from=2022-10-28&view=table")).toBeNull();
    // Another page, the tab's dialog included (its document is the dashboard's).
    for (const path of ["/dashboard", "/dashboard/historical/r/5", "/dashboard/historicals"])
      expect(historicalPreloadPath(path, "?from=2022-10-28&to=2023-10-27")).toBeNull();
  });
});
