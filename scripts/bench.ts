// `bun run bench [group...]`: every speed, memory and size target, measured on this machine and printed.
// Server time is measured in-process through app.request(), so it excludes the network and the client.

import { benchAnalysis } from "./bench/analysis.bench.ts";
import { benchBundle } from "./bench/bundle.bench.ts";
import { benchDrivers } from "./bench/drivers.bench.ts";
import { benchEdge, benchEdgeInstructions } from "./bench/edge.bench.ts";
import { benchFairness } from "./bench/fairness.bench.ts";
import { benchHistoryTable } from "./bench/history-table.bench.ts";
import { benchLighthouse } from "./bench/lighthouse.bench.ts";
import { benchRecommendations } from "./bench/recommendations.bench.ts";
import { benchRequestTrace } from "./bench/request-trace.bench.ts";
import { benchServing } from "./bench/serving.bench.ts";
import { benchWatchlistAndEarnings } from "./bench/watchlist-earnings.bench.ts";
import { benchWorkerBundle } from "./bench/worker.bench.ts";
import { parseCli } from "./cli/args.ts";

type Bench = () => Promise<Record<string, string | number>>;
const benches: Array<[string, Bench]> = [
  ["Analysis engine: one analysis, warm and cold", benchAnalysis],
  ["Recommendations: generating a date, the lists at 1k and 1M rows", benchRecommendations],
  ["Watchlist and earnings calendar", benchWatchlistAndEarnings],
  ["Cloudflare Worker bundle and start", benchWorkerBundle],
  ["Serving over HTTP: Bun, sqld, workerd, every hot endpoint beside bare Bun", benchServing],
  ["Edge: the Worker's cold start in workerd, spawn to first answer, and its bundle", benchEdge],
  [
    "Instructions: the Worker's cold starts counted under callgrind, whatever the load",
    benchEdgeInstructions,
  ],
  ["Trace: the files a signed-in latest answered from the cache runs code in", benchRequestTrace],
  ["Fairness: one user's reads while another hammers the expensive ones (Bun + file)", benchFairness],
  ["Database drivers for the embedded file", benchDrivers],
  ["Web bundle per route in Chromium (landing-page budget, zod)", benchBundle],
  ["Lighthouse mobile: landing page and signed-in dashboard", benchLighthouse],
  ["History table: a year drawn as a table at 4x CPU and slow 4G", benchHistoryTable],
];

const USAGE = `usage: bun run bench [group...] [--quick] [--no-build]

Runs every benchmark, or those whose title contains one of the given words (case-insensitive):
${benches.map(([title]) => `  - ${title}`).join("\n")}`;

// Strict: an unknown flag exits 2 before anything runs (the groups read --quick and --no-build themselves).
const { positionals } = parseCli({
  usage: USAGE,
  options: { quick: { type: "boolean" }, "no-build": { type: "boolean" } },
  maxPositionals: Number.POSITIVE_INFINITY,
});
const only = positionals.map((a) => a.toLowerCase());
const unmatched = only.filter((o) => !benches.some(([title]) => title.toLowerCase().includes(o)));
if (unmatched.length) {
  console.error(`No benchmark group matches ${unmatched.map((o) => `'${o}'`).join(", ")}.\n\n${USAGE}`);
  process.exit(2);
}
console.log(
  `Benchmarks on ${navigator.hardwareConcurrency} cores, Bun ${Bun.version}, ${new Date().toISOString()}`,
);
for (const [title, bench] of benches) {
  if (only.length && !only.some((o) => title.toLowerCase().includes(o))) continue;
  console.log(`\n## ${title}`);
  const t0 = performance.now();
  const figures = await bench();
  for (const [key, value] of Object.entries(figures)) console.log(`  ${key}: ${value}`);
  console.log(`  (took ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
}
