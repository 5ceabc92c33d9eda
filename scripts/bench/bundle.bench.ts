// Issue 13's bundle target, measured in Chromium: the production build served by the real server on a seeded demo
// database; the landing page signed out, then each main route signed in (each in a fresh browser context, so with
// a cold cache): the JavaScript it loads, gzip, and whether any of it is zod (never on the landing page; a form's
// route may load it for the API's request schemas: decision 078).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { type Browser, chromium } from "playwright-core";
import { startBunServer } from "../../api/test/bun-server.ts";

const root = join(import.meta.dir, "../..");
const LANDING_BUDGET_KB = 150;
/** Strings only zod's own code carries (its error class and v4's core type names). */
const ZOD_MARKERS = ["ZodError", "$ZodType", "ZodObject"];

const DEMO = {
  investor: { email: "investor@example.com", password: "investor-demo-password" },
  admin: { email: "admin@example.com", password: "admin-demo-password" },
};
const TABS = ["latest", "historical", "analyze", "history", "earnings", "watchlist"];

interface RouteLoad {
  scripts: number;
  /** Sum over the loaded scripts of their bodies gzipped (level 9, as scripts/build.ts precompresses). */
  gzipBytes: number;
  /** Sum of the encoded body sizes Chromium received (the server picks br or gzip). */
  transferredBytes: number;
  rawBytes: number;
  zod: boolean;
  finalPath: string;
}

async function loadRoute(
  browser: Browser,
  baseUrl: string,
  path: string,
  storageState?: Awaited<ReturnType<import("playwright-core").BrowserContext["storageState"]>>,
): Promise<RouteLoad> {
  const context = await browser.newContext({ storageState, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const scripts: import("playwright-core").Response[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.push(response);
  });
  await page.goto(`${baseUrl}${path}`, { waitUntil: "networkidle" });
  // Lazy route chunks and their data settle after the first idle; give them one more idle period.
  await page.waitForTimeout(500);
  await page.waitForLoadState("networkidle");
  const load: RouteLoad = {
    scripts: 0,
    gzipBytes: 0,
    transferredBytes: 0,
    rawBytes: 0,
    zod: false,
    finalPath: new URL(page.url()).pathname + new URL(page.url()).search,
  };
  for (const response of scripts) {
    const body = await response.body();
    const sizes = await response.request().sizes();
    load.scripts++;
    load.rawBytes += body.length;
    load.gzipBytes += gzipSync(body, { level: 9 }).length;
    load.transferredBytes += sizes.responseBodySize;
    const text = body.toString("latin1");
    if (ZOD_MARKERS.some((marker) => text.includes(marker))) load.zod = true;
  }
  await context.close();
  return load;
}

/** Signs in through the real form, as the browser tests do, and answers the signed-in storage (token, cookie). */
async function signedInState(
  browser: Browser,
  baseUrl: string,
  account: { email: string; password: string },
) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${baseUrl}/signin`);
  await page.getByRole("textbox", { name: "Email" }).fill(account.email);
  await page.locator('input[name="password"]').fill(account.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/signin"), { timeout: 15_000 });
  const state = await context.storageState();
  await context.close();
  return state;
}

export async function benchBundle(): Promise<Record<string, string>> {
  if (!process.argv.includes("--no-build")) {
    const build = Bun.spawnSync([process.execPath, "scripts/build.ts"], {
      cwd: root,
      stdout: "pipe",
      stderr: "pipe",
    });
    if (build.exitCode !== 0) {
      return {
        "production build": `failed: ${(build.stderr.toString() || build.stdout.toString()).slice(0, 400)}`,
      };
    }
  }
  const dir = mkdtempSync(join(tmpdir(), "bench-bundle-"));
  // The real server on the built dist/, seeding the demo (market and demo accounts) on a fresh file, as e2e does.
  const server = await startBunServer({
    DATABASE_URL: `file:${join(dir, "app.db")}`,
    APP_SECRET: "bench-bundle-secret-bench-bundle-secret-00",
    SEED_ON_START: "true",
    AUTH_RATE_LIMIT_PER_IP: "1000",
    AUTH_RATE_LIMIT_PER_EMAIL: "1000",
    NODE_ENV: "production",
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking"],
  });
  const rows: string[] = [];
  const figures: Record<string, string> = {};
  const row = (label: string, load: RouteLoad) =>
    rows.push(
      `  ${label.padEnd(34)} ${String(load.scripts).padStart(7)} ${(load.gzipBytes / 1024).toFixed(1).padStart(9)} ` +
        `${(load.transferredBytes / 1024).toFixed(1).padStart(12)} ${(load.rawBytes / 1024).toFixed(0).padStart(7)}   ` +
        `${(load.zod ? "yes" : "no").padEnd(4)} ${load.finalPath}`,
    );
  try {
    const landing = await loadRoute(browser, server.url, "/");
    row("/ (signed out)", landing);
    figures["landing page, gzip JavaScript"] =
      `${(landing.gzipBytes / 1024).toFixed(1)} KB (target <= ${LANDING_BUDGET_KB} KB: ${landing.gzipBytes <= LANDING_BUDGET_KB * 1024 ? "met" : "NOT met"})`;
    const investor = await signedInState(browser, server.url, DEMO.investor);
    const routes = [
      ...TABS.map((tab) => (tab === "latest" ? "/dashboard" : `/dashboard/${tab}`)),
      "/track-record",
      "/insights",
      "/api-key",
      "/api-docs",
    ];
    // zod may load with a form's route (decision 078), never with the landing page.
    figures["zod on the landing page"] = landing.zod ? "yes (target: no)" : "no (target met)";
    const withZod: string[] = [];
    for (const path of routes) {
      const load = await loadRoute(browser, server.url, path, investor);
      if (load.zod) withZod.push(path);
      row(path, load);
    }
    const admin = await signedInState(browser, server.url, DEMO.admin);
    const adminLoad = await loadRoute(browser, server.url, "/admin", admin);
    if (adminLoad.zod) withZod.push("/admin");
    row("/admin (as admin)", adminLoad);
    figures["routes loading zod (forms' request schemas)"] = withZod.join(", ") || "none";
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(
    "  each route a fresh context (cold cache) after sign-in through the form; KB = 1024 bytes; gzip = each loaded " +
      "script gzipped at level 9 (as dist/*.gz); transferred = encoded bytes Chromium received (br when offered)\n" +
      `  ${"route".padEnd(34)} ${"scripts".padStart(7)} ${"gzip KB".padStart(9)} ${"transferred".padStart(12)} ${"raw KB".padStart(7)}   zod  ended at\n` +
      rows.join("\n"),
  );
  return figures;
}
