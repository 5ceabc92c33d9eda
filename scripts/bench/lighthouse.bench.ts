// Issue 15's Lighthouse targets, the signed-in dashboard's raised to 95 by issue 43, mobile (Lighthouse's default: a
// mid-range phone on slow 4G, CPU slowed 4x): the production build served by the real Bun server on a seeded demo
// database, audited by the `lighthouse` CLI (run under the Node that node_modules carries) in Debian's Chromium. The
// landing page signed out (performance and accessibility) and the signed-in dashboard (performance, the session
// cookie sent as a header).
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startProductionServer } from "./production-server.ts";

const root = join(import.meta.dir, "../..");
const TARGETS = { landingPerformance: 0.95, landingAccessibility: 1, dashboardPerformance: 0.95 };
/** Lighthouse scores move by a point or two between runs on a busy machine: each page is audited this often. */
const RUNS = process.argv.includes("--quick") ? 1 : 3;

interface Audit {
  performance: number;
  accessibility: number;
  metrics: string;
  failing: string[];
}

async function lighthouse(url: string, headers: Record<string, string> = {}): Promise<Audit> {
  const dir = mkdtempSync(join(tmpdir(), "lighthouse-"));
  const proc = Bun.spawn(
    [
      join(root, "node_modules/.bin/node"),
      join(root, "node_modules/lighthouse/cli/index.js"),
      url,
      "--quiet",
      "--output=json",
      `--output-path=${join(dir, "report.json")}`,
      "--only-categories=performance,accessibility",
      `--extra-headers=${JSON.stringify(headers)}`,
      "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --disable-background-networking",
    ],
    {
      cwd: root,
      env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" },
      stdout: "pipe",
      stderr: "pipe",
    },
  );
  const exit = await proc.exited;
  try {
    if (exit !== 0)
      throw new Error(`lighthouse exited ${exit}: ${(await new Response(proc.stderr).text()).slice(-600)}`);
    const report = (await Bun.file(join(dir, "report.json")).json()) as {
      categories: Record<string, { score: number }>;
      audits: Record<
        string,
        { score: number | null; numericValue?: number; scoreDisplayMode: string; title: string }
      >;
    };
    const ms = (id: string) => Math.round(report.audits[id]?.numericValue ?? Number.NaN);
    return {
      performance: report.categories.performance!.score,
      accessibility: report.categories.accessibility!.score,
      metrics: `FCP ${ms("first-contentful-paint")} ms, LCP ${ms("largest-contentful-paint")} ms, TBT ${ms("total-blocking-time")} ms, CLS ${(report.audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)}`,
      failing: Object.entries(report.audits)
        .filter(
          ([, a]) =>
            a.score !== null &&
            a.score < 0.9 &&
            ["binary", "numeric", "metricSavings"].includes(a.scoreDisplayMode),
        )
        .map(([id]) => id),
    };
  } finally {
    // LIGHTHOUSE_REPORT_DIR keeps every run's full report (the diagnostics: bootup-time, unused-javascript...).
    const keep = process.env.LIGHTHOUSE_REPORT_DIR;
    if (keep && existsSync(join(dir, "report.json"))) {
      mkdirSync(keep, { recursive: true });
      const name = new URL(url).pathname.replace(/\W+/g, "") || "landing";
      renameSync(join(dir, "report.json"), join(keep, `${name}-${Date.now()}.json`));
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A run again when Lighthouse itself asks for it ("Please run Lighthouse again", e.g. NO_NAVSTART when the machine is
 * so loaded that its trace misses the navigation), at most twice; any other failure fails the bench.
 */
async function retried(run: () => Promise<Audit>, left = 2): Promise<Audit> {
  try {
    return await run();
  } catch (error) {
    if (left === 0 || !String(error).includes("Please run Lighthouse again")) throw error;
    return retried(run, left - 1);
  }
}

/** The median run by performance score (so one slow run on a busy machine does not decide). */
async function median(url: string, headers?: Record<string, string>): Promise<Audit> {
  const runs: Audit[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await retried(() => lighthouse(url, headers)));
  runs.sort((a, b) => a.performance - b.performance);
  return runs[Math.floor(runs.length / 2)]!;
}

const verdict = (score: number, target: number) =>
  `${Math.round(score * 100)} (target >= ${Math.round(target * 100)}: ${score >= target ? "met" : "NOT met"})`;

export async function benchLighthouse(): Promise<Record<string, string>> {
  const server = await startProductionServer("lighthouse");
  if ("buildFailed" in server) return { "production build": server.buildFailed };
  try {
    const signIn = await fetch(`${server.url}/api/auth/signin`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "investor@example.com", password: "investor-demo-password" }),
    });
    if (!signIn.ok) throw new Error(`sign-in for the dashboard audit failed: ${signIn.status}`);
    const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0]!;
    const landing = await median(`${server.url}/`);
    const dashboard = await median(`${server.url}/dashboard`, { Cookie: cookie });
    return {
      runs: `${RUNS} per page, median by performance`,
      "landing page, performance": verdict(landing.performance, TARGETS.landingPerformance),
      "landing page, accessibility": verdict(landing.accessibility, TARGETS.landingAccessibility),
      "landing page, metrics": landing.metrics,
      "landing page, audits below 0.9": landing.failing.join(", ") || "none",
      "signed-in dashboard, performance": verdict(dashboard.performance, TARGETS.dashboardPerformance),
      "signed-in dashboard, accessibility": `${Math.round(dashboard.accessibility * 100)}`,
      "signed-in dashboard, metrics": dashboard.metrics,
      "signed-in dashboard, audits below 0.9": dashboard.failing.join(", ") || "none",
    };
  } finally {
    await server.stop();
  }
}
