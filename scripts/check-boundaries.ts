// `bun scripts/check-boundaries.ts`: fails (exit 1) when an import crosses the layout's boundaries or web code
// matches on an error's message text; part of the test suite's static phase. The rules are in
// scripts/boundaries/import-rules.ts.
import { join } from "node:path";
import { boundaryViolations, readSources } from "./boundaries/import-rules.ts";
import { parseCli } from "./cli/args.ts";

parseCli({
  usage: `usage: bun scripts/check-boundaries.ts

Fails (exit 1) when an import crosses the layout's boundaries, or web code matches on an error's message text
(scripts/boundaries/import-rules.ts).
Takes no arguments.`,
});

const root = join(import.meta.dir, "..");
const files = await readSources(root);
const problems = boundaryViolations(files);
if (problems.length) {
  console.error(`${problems.length} boundary problem(s):\n${problems.map((p) => `  ${p}`).join("\n")}`);
  process.exit(1);
}
console.log(`Import boundaries hold across ${files.length} files.`);
