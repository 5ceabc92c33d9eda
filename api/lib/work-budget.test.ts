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

  test("where the runtime tells the process's CPU time, a request is charged the less of it and its duration", () => {
    let t = 0;
    let cpu = 0;
    const budget = createWorkBudget({
      inFlight: 2,
      burstMs: 1_000,
      share: 0.1,
      now: () => t,
      cpuNow: () => cpu,
    });
    // A host busy with other processes: 1.5 s pass while this process runs for 300 ms.
    let release = released(budget.enter("u"));
    t += 1_500;
    cpu += 300;
    release();
    expect(budget.spent("u")).toBeNull();
    // A process busy with others' requests as well: its CPU time over the request is more than the request's own.
    release = released(budget.enter("u"));
    t += 1_000;
    cpu += 1_900;
    release(); // charged its 1 s against 850 ms and 100 ms refilled meanwhile: 50 ms in debt (1.9 s: 950 ms)
    expect(budget.spent("u")).toBe(1);
  });
});
