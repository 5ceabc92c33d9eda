// Issue 41's trace: which of our files a signed-in GET /api/recommendations/latest runs code in when its answer is
// kept. Bun's coverage counts how often each line ran; the driver is run twice, with 1 and with 9 traced requests
// after the same warm-up, and the files whose line counts differ are the ones those 8 requests ran code in. Start-up,
// the first computation and the test harness itself count the same in both runs and drop out.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";

const ROOT = join(import.meta.dir, "../..");
const DRIVER = "./api/test/request-trace.driver.ts";
const FEW = 1;
const MANY = 9;

/** Line hit counts per file from an lcov report: file → line → count. */
function lineCounts(lcov: string): Map<string, Map<number, number>> {
  const files = new Map<string, Map<number, number>>();
  let lines: Map<number, number> | undefined;
  for (const entry of lcov.split("\n")) {
    if (entry.startsWith("SF:")) {
      lines = new Map();
      files.set(entry.slice(3), lines);
    } else if (entry.startsWith("DA:") && lines) {
      const [line, count] = entry.slice(3).split(",").map(Number);
      lines.set(line!, count!);
    }
  }
  return files;
}

async function coverageOf(requests: number, dir: string) {
  const out = join(dir, String(requests));
  const run = Bun.spawn(
    [
      process.execPath,
      "test",
      "--timeout",
      "60000",
      "--coverage",
      "--coverage-reporter=lcov",
      `--coverage-dir=${out}`,
      DRIVER,
    ],
    {
      cwd: ROOT,
      env: { ...process.env, TEST_DB: "file", TRACE_REQUESTS: String(requests) },
      stdout: "pipe",
      stderr: "pipe",
    },
  );
  if ((await run.exited) !== 0) {
    throw new Error(`the trace driver failed:\n${await new Response(run.stderr).text()}`);
  }
  return lineCounts(readFileSync(join(out, "lcov.info"), "utf8"));
}

/** Our files (not tests, not the driver) whose lines ran more often with more requests, with how many lines did. */
export async function traceLatestSignedIn(): Promise<Array<{ file: string; lines: number }>> {
  const dir = mkdtempSync(join(tmpdir(), "request-trace-"));
  try {
    const few = await coverageOf(FEW, dir);
    const many = await coverageOf(MANY, dir);
    const touched: Array<{ file: string; lines: number }> = [];
    for (const [path, counts] of many) {
      const file = relative(ROOT, join(ROOT, path));
      if (file.startsWith("node_modules/") || file.startsWith("api/test/") || file.startsWith("scripts/"))
        continue;
      const before = few.get(path);
      let lines = 0;
      for (const [line, count] of counts) if (count !== (before?.get(line) ?? 0)) lines++;
      if (lines > 0) touched.push({ file, lines });
    }
    return touched.sort((a, b) => a.file.localeCompare(b.file));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `bun run bench trace`: the files, and their count against issue 41's goal of 12 or fewer. */
export async function benchRequestTrace(): Promise<Record<string, string>> {
  const touched = await traceLatestSignedIn();
  return {
    [`files a kept signed-in latest runs code in (${MANY - FEW} requests; goal: 12 or fewer)`]: String(
      touched.length,
    ),
    ...Object.fromEntries(touched.map(({ file, lines }) => [`  ${file}`, `${lines} lines`])),
  };
}

if (import.meta.main) {
  for (const [key, value] of Object.entries(await benchRequestTrace())) console.log(`${key}: ${value}`);
}
