// `bun run bench`: every speed and size target of the issues, measured on this machine and printed.
// Server time is measured in-process through app.request(), so it excludes the network and the client.
import { benchAnalysis } from "./bench/analysis.bench.ts";
import { benchRecommendations } from "./bench/recommendations.bench.ts";

type Bench = () => Promise<Record<string, string | number>>;
const benches: Array<[string, Bench]> = [["Recommendations (issue 5)", benchRecommendations]];

// Benchmarks contributed by other features register here when their modules exist.
for (const [title, path, name] of [
  ["Analysis engine (issue 4)", "./bench/analysis.bench.ts", "benchAnalysis"],
] as const) {
  try {
    const mod = (await import(path)) as Record<string, Bench>;
    if (mod[name]) benches.push([title, mod[name]]);
  } catch {
    // not there yet
  }
}

const only = process.argv.slice(2).map((a) => a.toLowerCase());
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
