import { startTestApp, type TestApp } from "./harness.ts";

/** Twelve large index members across sectors: the slice of the demo market the engine and generation tests share. */
export const DEMO_SLICE = [
  "AAPL",
  "MSFT",
  "NVDA",
  "JPM",
  "XOM",
  "KO",
  "PFE",
  "AMZN",
  "META",
  "WMT",
  "CAT",
  "DIS",
];

/**
 * A test app on a fixed slice of the demo market: the twelve members above and `also`, from June 2021 (enough
 * history before the 2022-2023 dates the tests score).
 */
export async function startOnDemoSlice(also: readonly string[]): Promise<TestApp> {
  const t = await startTestApp();
  // biome-ignore lint/correctness/useHookAtTopLevel: the harness's useDemoMarket is a method, not a React hook
  await t.useDemoMarket({ symbols: [...DEMO_SLICE, ...also], from: "2021-06-01" });
  return t;
}
