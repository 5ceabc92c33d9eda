// The whole suite, in the order a failure is cheapest to find: types, lint, the production build, the API on an
// embedded file and on a real libSQL server, the API contract suite again against the Worker in workerd, component
// tests in happy-dom, the production build driven by Chromium, then the model retrained and compared.
// `bun run test` runs everything; `bun run test api web` runs only the named phases.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { wranglerEnv } from "../api/test/wrangler-env.ts";
import { parseCli, usageError } from "./cli/args.ts";

const root = join(import.meta.dir, "..");
const existing = (...paths: string[]) => paths.filter((p) => existsSync(join(root, p)));
/** Folders among `paths` that hold at least one file matching `pattern` (bun test fails on none). */
const withTests = (pattern: string, ...paths: string[]) =>
  existing(...paths).filter(
    (p) => new Bun.Glob(pattern).scanSync({ cwd: join(root, p) }).next().done === false,
  );

interface Phase {
  name: string;
  group: string;
  cmd: string[];
  env?: Record<string, string>;
  /** bun test phases report pass/fail counts; the others count as one check each. */
  counts?: boolean;
}

// Bun's default is 5 s a test (bunfig.toml has no setting for it): too short for a test that starts processes on a
// busy 2-core machine. A test that needs longer still says so itself.
const TEST_TIMEOUT_MS = "20000";

const componentDirs = withTests(
  "**/*.test.{ts,tsx}",
  "web/features",
  "web/components",
  "web/lib",
  "web/routes",
);
const phases: Phase[] = [
  { name: "route tree", group: "static", cmd: ["bun", "x", "tsr", "generate"] },
  { name: "typecheck", group: "static", cmd: ["bun", "x", "tsc", "--noEmit", "-p", "."] },
  { name: "lint", group: "static", cmd: ["bun", "x", "biome", "check", "."] },
  // No web feature imports another; the web takes only types and zod-free constants from api/ (and more rules).
  { name: "import boundaries", group: "static", cmd: ["bun", "scripts/check-boundaries.ts"] },
  // The Worker tests (libSQL-server phase) and the browser tests serve the production build.
  { name: "production build", group: "static", cmd: ["bun", "scripts/build.ts"] },
  // The Worker bundle as `wrangler deploy` would upload it, offline (wrangler needs the Node 22 from node_modules).
  {
    name: "Worker bundle (wrangler deploy --dry-run)",
    group: "static",
    cmd: ["node_modules/.bin/wrangler", "deploy", "--dry-run", "--outdir", "dist-worker"],
    env: wranglerEnv(),
  },
  {
    name: "API + unit on embedded file",
    group: "api",
    // "./": folders, not name filters ("api" also matched web/features/api-docs, a component test).
    cmd: ["bun", "test", "--timeout", TEST_TIMEOUT_MS, "./api", "./scripts"],
    env: { TEST_DB: "file" },
    counts: true,
  },
  {
    name: "API on libSQL server (sqld)",
    group: "api",
    cmd: ["bun", "test", "--timeout", TEST_TIMEOUT_MS, "api/features", "api/test", "api/contract"],
    env: { TEST_DB: "sqld" },
    counts: true,
  },
  {
    // The same contract suite (every endpoint, the authorization matrix, bad input), unchanged, over HTTP to the
    // Worker in workerd on a libSQL server.
    name: "API contract on workerd + sqld",
    group: "api",
    cmd: ["bun", "test", "--timeout", "60000", "api/contract"],
    env: { TEST_TARGET: "workerd" },
    counts: true,
  },
  ...(componentDirs.length
    ? [
        {
          name: "components (happy-dom)",
          group: "web",
          cmd: [
            "bun",
            "test",
            "--timeout",
            TEST_TIMEOUT_MS,
            "--preload",
            "./web/test/happy-dom.ts",
            ...componentDirs,
          ],
          counts: true,
        },
      ]
    : []),
  ...(withTests("**/*.e2e.test.ts", "web/e2e").length
    ? [
        {
          name: "end to end (Chromium)",
          group: "e2e",
          cmd: ["bun", "test", "--timeout", "60000", "web/e2e"],
          counts: true,
        },
      ]
    : []),
  {
    // The committed models and model card are what the documented commands make: retrain (XGBoost from Debian,
    // installed by scripts/bootstrap.sh) and re-evaluate, then nothing may differ; and the card must hold when
    // recomputed from its export and the prices alone, with no stock-date outside the index.
    name: "model and model card reproduce byte for byte",
    group: "model",
    cmd: [
      "bash",
      "-c",
      "bun scripts/train-model.ts && bun scripts/evaluate-model.ts && " +
        "git diff --stat --exit-code -- api/analysis/models docs/model-card.md docs/model-card.json " +
        "docs/model/walk-forward.csv.gz api/analysis/model-headline.constants.ts api/analysis/range-calibration.json && " +
        "bun scripts/check-model-card.ts",
    ],
  },
];

const groups = [...new Set(phases.map((p) => p.group))];
const usage = `usage: bun scripts/test.ts [group...]   (bun run test [group...])

Runs the whole suite, or only the named groups in this order: ${groups.join(", ")}.
Ends with "N passed, N failed" and exits non-zero on any failure.`;
const { positionals: wanted } = parseCli({ usage, maxPositionals: Number.POSITIVE_INFINITY });
const unknown = wanted.filter((group) => !groups.includes(group));
if (unknown.length) usageError(`Unknown group(s): ${unknown.join(", ")}.`, usage);
const selected = wanted.length ? phases.filter((p) => wanted.includes(p.group)) : phases;

let passed = 0;
let failed = 0;
let skipped = 0;
const summary: string[] = [];
const started = performance.now();

for (const phase of selected) {
  const t0 = performance.now();
  console.log(`\n=== ${phase.name}: ${phase.cmd.join(" ")}`);
  const proc = Bun.spawn(phase.cmd, {
    cwd: root,
    env: { ...process.env, ...phase.env, FORCE_COLOR: "0" },
    stdout: "pipe",
    stderr: "pipe",
  });
  let output = "";
  const pump = async (stream: ReadableStream<Uint8Array>, sink: NodeJS.WriteStream) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) {
      const text = decoder.decode(chunk, { stream: true });
      output += text;
      sink.write(text);
    }
  };
  await Promise.all([pump(proc.stdout, process.stdout), pump(proc.stderr, process.stderr), proc.exited]);
  const code = proc.exitCode ?? 1;
  const seconds = ((performance.now() - t0) / 1000).toFixed(1);
  if (phase.counts) {
    const pass = Number(/^\s*(\d+) pass/m.exec(output)?.[1] ?? 0);
    const fail = Number(/^\s*(\d+) fail/m.exec(output)?.[1] ?? 0);
    const skip = Number(/^\s*(\d+) skip/m.exec(output)?.[1] ?? 0);
    // A crash before any test ran still counts as a failure.
    const effectiveFail = code !== 0 && fail === 0 ? 1 : fail;
    passed += pass;
    failed += effectiveFail;
    skipped += skip;
    summary.push(
      `${code === 0 ? "ok  " : "FAIL"} ${phase.name}: ${pass} passed, ${effectiveFail} failed (${seconds} s)`,
    );
  } else {
    if (code === 0) passed += 1;
    else failed += 1;
    summary.push(`${code === 0 ? "ok  " : "FAIL"} ${phase.name} (${seconds} s)`);
  }
}

console.log(`\n=== Summary (${((performance.now() - started) / 1000).toFixed(0)} s)`);
for (const line of summary) console.log(line);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed === 0 ? 0 : 1);
