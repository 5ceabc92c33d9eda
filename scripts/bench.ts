// `bun run bench`: every speed and size target of the issues, measured on this machine and printed.
// Server time is measured in-process through app.request(), so it excludes the network and the client.
import { benchAnalysis } from "./bench/analysis.bench.ts";
import { benchBundle } from "./bench/bundle.bench.ts";
import { benchDrivers } from "./bench/drivers.bench.ts";
import { benchRecommendations } from "./bench/recommendations.bench.ts";
import { benchServing } from "./bench/serving.bench.ts";
import { benchWatchlistAndEarnings } from "./bench/watchlist-earnings.bench.ts";
import { benchWorkerBundle } from "./bench/worker.bench.ts";

type Bench = () => Promise<Record<string, string | number>>;
const benches: Array<[string, Bench]> = [
  ["Analysis engine (issue 4)", benchAnalysis],
  ["Recommendations (issue 5)", benchRecommendations],
  ["Watchlist and earnings (issue 6)", benchWatchlistAndEarnings],
  ["Cloudflare Worker (issue 7)", benchWorkerBundle],
  ["Serving over HTTP: Bun, sqld, workerd, every hot endpoint (issues 7, 14)", benchServing],
  ["Database drivers for the embedded file (issue 14)", benchDrivers],
  ["Web bundle per route in Chromium (issue 13)", benchBundle],
];

const only = process.argv
  .slice(2)
  .filter((a) => !a.startsWith("--"))
  .map((a) => a.toLowerCase());
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
