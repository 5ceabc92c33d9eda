import { afterEach, describe, expect, test } from "bun:test";
import { QueryClient } from "@tanstack/react-query";
import { historicalAllQueryOptions } from "../../features/recommendations/recommendations.queries.ts";
import { ApiError } from "../../lib/api-error.ts";
import { historicalFilters, prefetchHistorical, validateDashboardSearch } from "./dashboard-search.ts";

describe("the historical tab's address", () => {
  test("keeps a symbol the API accepts, uppercased, and drops one it refuses", () => {
    expect(validateDashboardSearch({ symbol: " brk.b " }).symbol).toBe("BRK.B");
    expect(validateDashboardSearch({ symbol: "^gspc" }).symbol).toBe("^GSPC");
    expect(validateDashboardSearch({ symbol: 123 }).symbol).toBe("123");
    for (const refused of ["EURUSD=X", "A B", "", "ABCDEFGHIJK"])
      expect(validateDashboardSearch({ symbol: refused }).symbol).toBeUndefined();
  });
});

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** The API answering every historical search with no rows; returns the addresses asked for. */
function emptyAnswers() {
  const asked: string[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    asked.push(input instanceof Request ? input.url : String(input));
    return new Response("[]", {
      status: 200,
      headers: { "content-type": "application/json", "x-total-count": "0" },
    });
  }) as unknown as typeof fetch;
  return asked;
}

describe("the historical tab's early ask (main.tsx's, then the loader's)", () => {
  const search = { from: "2022-10-28", to: "2023-10-27", view: "table" } as const;
  const key = historicalAllQueryOptions(historicalFilters(search)).queryKey;
  /** The cache as main.tsx's ask left it when the server refused it with `status`. */
  async function failedWith(status: number, code: string) {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const body = JSON.stringify({ message: "refused", code });
    await queryClient
      .fetchQuery({ queryKey: key, queryFn: () => Promise.reject(new ApiError(status, body, "")) })
      .catch(() => undefined);
    return queryClient;
  }

  test("a failed ask stays with its Retry: the loader does not ask again behind the person's back", async () => {
    const queryClient = await failedWith(500, "INTERNAL");
    const asked = emptyAnswers();
    prefetchHistorical(queryClient, search);
    await Bun.sleep(10);
    expect(asked).toEqual([]);
    expect(queryClient.getQueryState(key)?.status).toBe("error");
  });

  test("one refused as a visitor's is asked again once the person is let in, from a clean state", async () => {
    const queryClient = await failedWith(401, "UNAUTHORIZED");
    const asked = emptyAnswers();
    prefetchHistorical(queryClient, search);
    // Dropped at once, so the tab shows its skeletons rather than the refusal while the answer comes.
    expect(queryClient.getQueryState(key)?.status).toBe("pending");
    await Bun.sleep(10);
    expect(asked).toHaveLength(1);
    expect(new URL(asked[0]!).searchParams.get("fromDate")).toBe("2022-10-28");
    expect(queryClient.getQueryState(key)?.status).toBe("success");
  });
});
