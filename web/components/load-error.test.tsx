import { afterEach, describe, expect, test } from "bun:test";
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ApiError } from "../lib/api-error.ts";
import { BRIEF_REFUSAL_MAX_SECONDS, retryQuery, retryQueryDelay } from "../lib/query-client.ts";
import { renderWithProviders } from "../test/render.tsx";
import { LoadError, loadFailureText } from "./load-error.tsx";

afterEach(cleanup);

const apiError = (status: number, body: unknown) =>
  new ApiError(status, typeof body === "string" ? body : JSON.stringify(body), "");

describe("loadFailureText: what failed, in words", () => {
  test("no answer at all, a server fault, an unavailable server and a refusal each say so", () => {
    expect(loadFailureText(new TypeError("Failed to fetch"))).toBe(
      "The server could not be reached. Check your connection and try again.",
    );
    expect(loadFailureText(apiError(500, { message: "Internal Server Error", code: "INTERNAL" }))).toBe(
      "The server ran into a problem and could not answer (error 500). Please try again in a moment.",
    );
    expect(
      loadFailureText(apiError(503, { message: "Database unavailable", code: "DATABASE_UNAVAILABLE" })),
    ).toBe("The server is unavailable right now (Database unavailable). Please try again in a moment.");
    expect(loadFailureText(apiError(403, { message: "Forbidden", code: "FORBIDDEN" }))).toBe(
      "The server refused the request: Forbidden",
    );
    expect(loadFailureText(apiError(404, ""))).toBe("The server refused the request (error 404).");
  });
});

describe("LoadError", () => {
  test("is announced, names what failed and Retry calls back", async () => {
    let retried = 0;
    renderWithProviders(
      <LoadError what="your watchlist" error={apiError(500, "")} onRetry={() => (retried += 1)} />,
    );
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Could not load your watchlist");
    await userEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(retried).toBe(1);
  });
});

describe("retryQuery: the query client's retry rule (decisions 080, 155)", () => {
  test("an answer is not retried; no answer is retried once", () => {
    for (const status of [400, 401, 404, 429, 500, 503])
      expect(retryQuery(0, apiError(status, ""))).toBe(false);
    expect(retryQuery(0, new TypeError("Failed to fetch"))).toBe(true);
    expect(retryQuery(1, new TypeError("Failed to fetch"))).toBe(false);
  });
  test("a read refused 429 for a few seconds is asked again twice, after the seconds the server named", async () => {
    const refused = (retryAfter: string) =>
      ApiError.of(
        new Response(
          JSON.stringify({ message: "Too many searches or analyses at once.", code: "RATE_LIMITED" }),
          {
            status: 429,
            headers: { "retry-after": retryAfter },
          },
        ),
      );
    const brief = await refused("2");
    expect(brief.retryAfterSeconds).toBe(2);
    expect([0, 1, 2].map((n) => retryQuery(n, brief))).toEqual([true, true, false]);
    expect(retryQueryDelay(0, brief)).toBe(2000);
    // A longer wait shows the failure and its Retry at once, as does a 429 naming no wait.
    const long = await refused(String(BRIEF_REFUSAL_MAX_SECONDS + 1));
    expect(retryQuery(0, long)).toBe(false);
    expect(retryQuery(0, apiError(429, ""))).toBe(false);
    expect(retryQueryDelay(0, new TypeError("Failed to fetch"))).toBe(1000);
  });
});
