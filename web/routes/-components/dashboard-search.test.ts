import { describe, expect, test } from "bun:test";
import { validateDashboardSearch } from "./dashboard-search.ts";

describe("the historical tab's address", () => {
  test("keeps a symbol the API accepts, uppercased, and drops one it refuses", () => {
    expect(validateDashboardSearch({ symbol: " brk.b " }).symbol).toBe("BRK.B");
    expect(validateDashboardSearch({ symbol: "^gspc" }).symbol).toBe("^GSPC");
    expect(validateDashboardSearch({ symbol: 123 }).symbol).toBe("123");
    for (const refused of ["EURUSD=X", "A B", "", "ABCDEFGHIJK"])
      expect(validateDashboardSearch({ symbol: refused }).symbol).toBeUndefined();
  });
});
