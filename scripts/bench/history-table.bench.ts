// Issue 43, point 2: how soon a year of history draws as a table on Lighthouse's mobile conditions (CPU slowed 4x,
// slow 4G: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up), through the DevTools protocol in Debian's Chromium.
// The production build served by the real Bun server on a seeded demo database, signed in through the API. Timed
// from navigation start to the table's first row in the DOM, with the total blocking time (long tasks' time over
// 50 ms) up to then and the historical requests the page made.
import { chromium } from "playwright-core";
import { startProductionServer } from "./production-server.ts";

const TARGET_MS = 2500;
const RUNS = process.argv.includes("--quick") ? 1 : 3;
const YEAR = "/dashboard/historical?from=2022-10-28&to=2023-10-27&view=table";

export async function benchHistoryTable(): Promise<Record<string, string>> {
  const server = await startProductionServer("history-table");
  if ("buildFailed" in server) return { "production build": server.buildFailed };
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking"],
  });
  try {
    const runs: Array<{ ms: number; tbt: number; requests: number; polled: number; painted: number }> = [];
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
      const page = await context.newPage();
      const signIn = await page.request.post(`${server.url}/api/auth/signin`, {
        data: { email: "investor@example.com", password: "investor-demo-password" },
      });
      if (!signIn.ok()) throw new Error(`sign-in failed: ${signIn.status()}`);
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: 150,
        downloadThroughput: (1.6 * 1024 * 1024) / 8,
        uploadThroughput: (750 * 1024) / 8,
      });
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
      let requests = 0;
      page.on("request", (req) => {
        if (req.url().includes("/api/recommendations/historical")) requests++;
      });
      await page.addInitScript(() => {
        const w = window as unknown as { __tbt: number };
        w.__tbt = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) w.__tbt += Math.max(0, e.duration - 50);
        }).observe({ type: "longtask", buffered: true });
      });
      await page.goto(`${server.url}${YEAR}`, { waitUntil: "commit" });
      // Checked in the page at every animation frame, so the time is the frame that draws the row. A locator's
      // waitFor polls from outside at 20, 50, 100, 100, then every 500 ms, and its answer then waits for a
      // second round trip: up to half a second late, and later the busier the machine (decision 154).
      // The frame's own layout and paint follow its animation frames in the same task, so a task queued from
      // there runs once they are done: the time the row was painted (decision 161).
      const drawn = await page.waitForFunction(
        () => {
          if (!document.querySelector('[data-testid="history-row"]')) return null;
          const w = window as unknown as { __tbt: number; __painted?: Promise<number> };
          w.__painted = new Promise((resolve) => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => resolve(performance.now());
            channel.port2.postMessage(null);
          });
          return { ms: performance.now(), tbt: w.__tbt };
        },
        undefined,
        { polling: "raf", timeout: 60_000 },
      );
      const { ms, tbt } = (await drawn.jsonValue())!;
      const painted = await page.evaluate(
        () => (window as unknown as { __painted: Promise<number> }).__painted,
      );
      const polled = await page.evaluate(() => performance.now());
      runs.push({ ms, tbt, requests, polled, painted });
      await context.close();
    }
    runs.sort((a, b) => a.ms - b.ms);
    const median = runs[Math.floor(runs.length / 2)]!;
    return {
      runs: `${RUNS}, median by time; load average ${(await Bun.file("/proc/loadavg").text()).split(" ").slice(0, 3).join(" ")}`,
      "year's table, first row drawn": `${Math.round(median.ms)} ms (target <= ${TARGET_MS}: ${median.ms <= TARGET_MS ? "met" : "NOT met"}); all runs ${runs.map((r) => Math.round(r.ms)).join(", ")} ms`,
      "the same runs, the row painted": `${runs.map((r) => Math.round(r.painted)).join(", ")} ms`,
      "total blocking time to then": `${Math.round(median.tbt)} ms`,
      // The time a second call reads once that answer is back: how late a check from outside sees the row.
      "the same run, read by a call after it": `${Math.round(median.polled)} ms`,
      "historical requests": String(median.requests),
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}
