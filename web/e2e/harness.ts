import { afterAll, beforeAll } from "bun:test";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import AxeBuilder from "axe-core";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { freePort, waitForHttp } from "../../api/test/local-server.ts";
import { startSmtpSink } from "../../api/test/smtp-sink.ts";
import { createDb, type Database } from "../../db/client.ts";

const root = join(import.meta.dir, "../..");
export const SCREENSHOT_DIR = join(root, "test-results/screenshots");

/**
 * How long a file's set-up (a production server on a fresh, seeded database and a browser) may take. It takes a few
 * seconds on a quiet machine and over a minute on a loaded one (issue 38: 6 runs in 10 failed their set-up at 60 s
 * with the load average at 16 on 2 cores); a set-up that is slow is not a failed product.
 */
export const SETUP_TIMEOUT_MS = 180_000;

export interface E2EServer {
  url: string;
  databaseUrl: string;
  db: Database;
  stop(): Promise<void>;
}

const SERVER_ENV: Record<string, string | undefined> = {
  ...process.env,
  APP_SECRET: "e2e-secret-e2e-secret-e2e-secret-e2e-secret",
  AUTH_RATE_LIMIT_PER_IP: "1000",
  AUTH_RATE_LIMIT_PER_EMAIL: "1000",
  LOG_LEVEL: "warn",
};
/** What the seed reads: servers whose settings agree on these start from the same seeded file. */
const SEED_SETTINGS = ["DEMO_ACCOUNTS", "MARKET_DATA_PROVIDER", "MARKET_AS_OF"] as const;
const templates = new Map<string, Promise<string>>();

/**
 * A database file seeded once per test process for these settings, by the server's own seed: importing the demo
 * market and scoring its year of calls took each file's server 10-40 s (issue 38), now spent once. Each server
 * starts on a copy, so every test file still has a database of its own; the server's seed on start then finds
 * nothing missing.
 */
function seededTemplate(env: Record<string, string | undefined>): Promise<string> {
  const key = SEED_SETTINGS.map((name) => `${name}=${env[name] ?? ""}`).join("&");
  let template = templates.get(key);
  if (!template) {
    template = (async () => {
      const dir = mkdtempSync(join(tmpdir(), "e2e-template-"));
      process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
      const path = join(dir, "app.db");
      const seed = Bun.spawn(["bun", join(root, "api/runtime/seed-process.ts")], {
        cwd: root,
        env: { ...env, DATABASE_URL: `file:${path}` },
        stdout: "ignore",
        stderr: "pipe",
      });
      if ((await seed.exited) !== 0) {
        throw new Error(`The e2e seed failed: ${await new Response(seed.stderr).text()}`);
      }
      return path;
    })();
    templates.set(key, template);
  }
  return template;
}

/** Copies a closed database file, with its write-ahead log if one was left. */
function copyDatabase(from: string, to: string) {
  copyFileSync(from, to);
  if (existsSync(`${from}-wal`)) copyFileSync(`${from}-wal`, `${to}-wal`);
}

/**
 * Starts the real production server (api/server.ts on the built dist/) on a fresh embedded database of its own,
 * seeded with the demo accounts (a copy of the seeded template), on a free port of 127.0.0.1.
 */
export async function startServer(env: Record<string, string> = {}): Promise<E2EServer> {
  const dir = mkdtempSync(join(tmpdir(), "e2e-"));
  const path = join(dir, "app.db");
  const databaseUrl = `file:${path}`;
  const port = await freePort();
  if (env.PUBLIC_URL === "auto") env.PUBLIC_URL = `http://127.0.0.1:${port}`;
  const serverEnv = { ...SERVER_ENV, ...env };
  if (serverEnv.SEED_ON_START !== "false") copyDatabase(await seededTemplate(serverEnv), path);
  const proc = Bun.spawn(["bun", join(root, "api/server.ts")], {
    cwd: root,
    env: { ...serverEnv, PORT: String(port), HOST: "127.0.0.1", DATABASE_URL: databaseUrl },
    stdout: "pipe",
    stderr: "pipe",
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(proc, `${url}/api/openapi.json`, {
    name: "the server",
    output: () => new Response(proc.stderr).text(),
    ready: (res) => res.ok,
    timeoutMs: SETUP_TIMEOUT_MS - 30_000,
    intervalMs: 100,
  });
  const db = createDb(databaseUrl);
  return {
    url,
    databaseUrl,
    db,
    async stop() {
      db.client.close();
      proc.kill();
      await proc.exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface E2EBrowser {
  browser: Browser;
  /** A fresh context; `colorScheme` is what the page's `prefers-color-scheme` answers (the system setting). */
  newPage(
    viewport?: { width: number; height: number },
    colorScheme?: "light" | "dark",
  ): Promise<{ page: Page; context: BrowserContext }>;
  close(): Promise<void>;
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1440, height: 900 };
/** The screenshot runs' sizes and colour schemes: every screen on a phone and a wide screen, light and dark. */
export const VIEWPORTS = [
  [PHONE, "phone"],
  [DESKTOP, "wide"],
] as const;
export const SCHEMES = ["light", "dark"] as const;

/** The page has loaded what it asks for (no request in flight, no skeleton or spinner left) and transitions ended. */
export async function settled(page: Page) {
  await page.waitForLoadState("networkidle");
  await page.waitForFunction(
    () => !document.querySelector('.mantine-Skeleton-root, [role="status"] .mantine-Loader-root'),
    undefined,
    { timeout: 15_000 },
  );
  // Drawers, dialogs, tab indicators and charts finish drawing.
  await page.waitForTimeout(400);
}

/** Debian's Chromium driven by playwright-core (no browser download), each context isolated. */
export async function launchBrowser(): Promise<E2EBrowser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking"],
  });
  return {
    browser,
    async newPage(viewport = DESKTOP, colorScheme = "light") {
      const context = await browser.newContext({ viewport, colorScheme });
      const page = await context.newPage();
      return { page, context };
    },
    close: () => browser.close(),
  };
}

/** Saves a screenshot under test-results/screenshots/ for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/**
 * Runs axe-core in the page and answers its serious and critical violations, one line each. Evaluated through the
 * DevTools protocol: the app's CSP (script-src 'self') refuses an injected inline script.
 */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  await page.evaluate(AxeBuilder.source);
  const result = (await page.evaluate(`axe.run(document, { resultTypes: ["violations"] })`)) as {
    violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[]; html: string }> }>;
  };
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) =>
      `${v.id} (${v.nodes.length}): ${v.nodes
        .slice(0, 3)
        .map((n) => `${n.target.join(" ")} ${n.html.slice(0, 120)}`)
        .join(" | ")}`.slice(0, 700),
    );
}

/** Signs in through the real sign-in form. */
export async function signInThroughForm(page: Page, baseUrl: string, email: string, password: string) {
  await page.goto(`${baseUrl}/signin`);
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** The seeded demo accounts (scripts/seed.ts). */
export const INVESTOR = { email: "investor@example.com", password: "investor-demo-password" };
export const ADMIN = { email: "admin@example.com", password: "admin-demo-password" };

/** A new page of the file's browser, signed in through the real form as `account`, on the dashboard it lands on. */
export async function signedInPage(
  e2e: { server: E2EServer; browser: E2EBrowser },
  account: { email: string; password: string },
  viewport = DESKTOP,
  colorScheme: "light" | "dark" = "light",
) {
  const opened = await e2e.browser.newPage(viewport, colorScheme);
  await signInThroughForm(opened.page, e2e.server.url, account.email, account.password);
  await opened.page.waitForURL(`${e2e.server.url}/dashboard`);
  return opened;
}

/** The first toast (or any text) on the page that contains `text`. */
export const toast = (page: Page, text: string) => page.getByText(text, { exact: false }).first();

/**
 * One production server and one browser for a test file, started before its tests and stopped after them.
 * `env` is read when the server starts, so it may be filled in by an earlier beforeAll (local stand-ins).
 */
export function serverAndBrowserForFile(env: () => Record<string, string> = () => ({})) {
  const ctx = {} as { server: E2EServer; browser: E2EBrowser };
  beforeAll(async () => {
    ctx.server = await startServer(env());
    ctx.browser = await launchBrowser();
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await ctx.browser?.close();
    await ctx.server?.stop();
  });
  return ctx;
}

/** As serverAndBrowserForFile, with the server's mail going to a local SMTP sink whose inbox the test reads. */
export function serverBrowserAndMailbox() {
  const ctx = {} as {
    server: E2EServer;
    browser: E2EBrowser;
    smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  };
  beforeAll(async () => {
    ctx.smtp = await startSmtpSink();
    ctx.server = await startServer({ SMTP_URL: `smtp://127.0.0.1:${ctx.smtp.port}` });
    ctx.browser = await launchBrowser();
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await ctx.browser?.close();
    await ctx.server?.stop();
    ctx.smtp?.close();
  });
  return ctx;
}
