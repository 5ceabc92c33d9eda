import { afterEach, describe, expect, test } from "bun:test";
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ApiError } from "../lib/api-error.ts";
import { retryQuery } from "../lib/query-client.ts";
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

describe("retryQuery: the query client's retry rule (decision 080)", () => {
  test("an answer is never retried; no answer is retried once", () => {
    for (const status of [400, 401, 404, 429, 500, 503])
      expect(retryQuery(0, apiError(status, ""))).toBe(false);
    expect(retryQuery(0, new TypeError("Failed to fetch"))).toBe(true);
    expect(retryQuery(1, new TypeError("Failed to fetch"))).toBe(false);
  });
});
