import { describe, expect, test } from "bun:test";
import { safeRedirectPath } from "./redirect-path.ts";

describe("safeRedirectPath: same-origin paths only", () => {
  test("keeps a path on this site, with its search and hash", () => {
    expect(safeRedirectPath("/track-record")).toBe("/track-record");
    expect(safeRedirectPath("/dashboard/historical?symbol=AAPL&from=2023-01-02#top")).toBe(
      "/dashboard/historical?symbol=AAPL&from=2023-01-02#top",
    );
    // Resolved first: what comes back is the path the browser would open.
    expect(safeRedirectPath("/./watchlist")).toBe("/watchlist");
    expect(safeRedirectPath("/a/../track-record")).toBe("/track-record");
  });

  test("refuses absolute, protocol-relative, backslashed, bare and odd values", () => {
    for (const value of [
      "https://evil.example/",
      "//evil.example",
      "//evil.example/path",
      "/\\evil.example",
      "/.//evil.com",
      "/..//evil.com",
      "/%2e//evil.com",
      "/%2E%2E//evil.com",
      "/a/..//evil.com",
      "/./\\evil.com",
      "\\\\evil.example",
      "/\t/evil.example",
      "/\u0001/evil.example",
      " /dashboard",
      "javascript:alert(1)",
      "track-record",
      "",
      "/signin",
      "/register?x=1",
      undefined,
      42,
      ["/dashboard"],
    ]) {
      expect(safeRedirectPath(value), String(value)).toBeNull();
    }
  });
});
