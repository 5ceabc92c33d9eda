import { describe, expect, test } from "bun:test";
import { createWorkBudget } from "./work-budget.ts";

function clockedBudget() {
  let t = 0;
  const budget = createWorkBudget({ inFlight: 2, burstMs: 1_000, share: 0.1, now: () => t });
  return { budget, advance: (ms: number) => (t += ms) };
}

const released = (entered: ReturnType<ReturnType<typeof createWorkBudget>["enter"]>) => {
  if ("retryAfterSeconds" in entered) throw new Error(`refused: ${entered.retryAfterSeconds} s`);
  return entered.release;
};

describe("a user's share of the process (decisions 089, 095)", () => {
  test("at most inFlight at once; a third waits a second; a release frees a place", () => {
    const { budget } = clockedBudget();
    const first = released(budget.enter("u"));
    released(budget.enter("u"));
    expect(budget.enter("u")).toEqual({ retryAfterSeconds: 1 });
    expect("release" in budget.enter("other")).toBe(true);
    first();
    first(); // a second release counts once
    expect("release" in budget.enter("u")).toBe(true);
  });

  test("time spent comes out of the burst and refills at the share; spent() says when without entering", () => {
    const { budget, advance } = clockedBudget();
    expect(budget.spent("u")).toBeNull();
    const release = released(budget.enter("u"));
    advance(1_500);
    release(); // 1.5 s charged against a 1 s burst that refilled 150 ms meanwhile: 350 ms in debt
    expect(budget.spent("u")).toBe(4); // 350 ms at a tenth of the clock
    expect(budget.enter("u")).toEqual({ retryAfterSeconds: 4 });
    advance(3_000);
    expect(budget.spent("u")).toBe(1); // 50 ms of debt left
    advance(501);
    expect(budget.spent("u")).toBeNull();
    expect("release" in budget.enter("u")).toBe(true);
  });

  test("spent() is null for a key never seen, and enters nothing", () => {
    const { budget } = clockedBudget();
    for (let i = 0; i < 5; i++) expect(budget.spent("u")).toBeNull();
    released(budget.enter("u"));
    released(budget.enter("u"));
  });
});
