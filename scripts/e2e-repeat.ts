// Runs each browser test file several times in a row, each run a fresh `bun test` process as the suite runs it, and
// says which files failed even once (issue 38: a test that fails 1 run in 3 throws away a session's work).
//   bun scripts/e2e-repeat.ts                      every web/e2e file, 5 runs each
//   bun scripts/e2e-repeat.ts --times 10 web/e2e/dead-ends.e2e.test.ts
// The production build is made first (the browser tests serve dist/). A failed run's output is kept under
// test-results/e2e-repeat/. Exits 1 if any run failed.
import { mkdirSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { parseCli, usageError } from "./cli/args.ts";

const USAGE = `usage: bun scripts/e2e-repeat.ts [--times N] [web/e2e/<file>.e2e.test.ts ...]
  --times N   runs of each file (default 5)`;

const root = join(import.meta.dir, "..");
const { values, positionals } = parseCli({
  usage: USAGE,
  options: { times: { type: "string" } },
  maxPositionals: 100,
});
const times = Number(values.times ?? 5);
if (!Number.isInteger(times) || times < 1)
  usageError(`--times takes a whole number above 0 (${values.times})`, USAGE);
const files = positionals.length
  ? positionals
  : [...new Bun.Glob("web/e2e/*.e2e.test.ts").scanSync({ cwd: root })].sort();
if (!files.length) usageError("No browser test files found.", USAGE);

const build = Bun.spawnSync(["bun", "scripts/build.ts"], { cwd: root, stdout: "ignore", stderr: "inherit" });
if (build.exitCode !== 0) process.exit(build.exitCode ?? 1);

const logDir = join(root, "test-results/e2e-repeat");
const failures: string[] = [];
for (const file of files) {
  const outcomes: string[] = [];
  for (let run = 1; run <= times; run++) {
    const started = performance.now();
    const proc = Bun.spawnSync(["bun", "test", "--timeout", "60000", file], {
      cwd: root,
      stdout: "pipe",
      stderr: "pipe",
      env: process.env,
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(0);
    if (proc.exitCode === 0) {
      outcomes.push(`ok ${seconds}s`);
      continue;
    }
    outcomes.push(`FAILED ${seconds}s`);
    mkdirSync(logDir, { recursive: true });
    const log = join(logDir, `${basename(file, ".e2e.test.ts")}-run${run}.log`);
    writeFileSync(log, `${proc.stdout.toString()}\n${proc.stderr.toString()}`);
    failures.push(`${file} run ${run} (${log})`);
  }
  console.log(`${file}: ${outcomes.join(", ")}`);
}
console.log(
  failures.length
    ? `\n${failures.length} failed run(s):\n${failures.join("\n")}`
    : `\nEvery file passed ${times} runs in a row.`,
);
process.exit(failures.length ? 1 : 0);
