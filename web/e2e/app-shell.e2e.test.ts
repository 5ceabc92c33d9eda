import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import {
  DESKTOP,
  PHONE,
  screenshot,
  serverAndBrowserForFile,
  signInThroughForm,
  VIEWPORTS,
} from "./harness.ts";

// The app shell: the spec's toast rules, per-route titles, the favicon, the phone layout (one-row header with a
// menu, one-row tab strip, the first card above the fold), dark mode and the landing page's track record link.
const e2e = serverAndBrowserForFile();

const TOAST = ".mantine-Notification-root";

/** The sign-in page's Missing Information toast: shown without a server call. */
async function showToast(page: Page) {
  await page.goto(`${e2e.server.url}/signin`);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.locator(TOAST).filter({ hasText: "Missing Information" }).waitFor();
  await page.waitForTimeout(300); // the enter transition
}

/** The toasts in the page now: each one's title and whether it is drawn (shown, and not faded to nothing). */
function toastsNow(selector: string): Array<{ title: string; drawn: boolean }> {
  return [...document.querySelectorAll<HTMLElement>(selector)].map((el) => {
    const style = getComputedStyle(el);
    return {
      title: el.querySelector(".mantine-Notification-title")?.textContent ?? "",
      drawn: style.display !== "none" && style.visibility !== "hidden" && Number(style.opacity) > 0.02,
    };
  });
}

/**
 * Watches every animation frame from now on (in the page, through the DevTools protocol, so the app's CSP does not
 * apply) and keeps the frames in which more than one toast was in the page: Mantine's exit transition.
 * `staleFrames(order)` answers those that drew a toast other than the newest (by the titles' `order`), or two.
 */
async function watchToastFrames(page: Page) {
  await page.evaluate(`(() => {
    const toastsNow = ${toastsNow.toString()};
    window.toastFrames = [];
    const frame = () => {
      const toasts = toastsNow(${JSON.stringify(TOAST)});
      if (toasts.length > 1) window.toastFrames.push(toasts);
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  })()`);
  return {
    staleFrames: async (order: string[]) => {
      const frames = (await page.evaluate(
        () => (window as unknown as { toastFrames: ReturnType<typeof toastsNow>[] }).toastFrames,
      )) as ReturnType<typeof toastsNow>[];
      return frames.filter((toasts) => {
        const newest = toasts.map((t) => t.title).sort((a, b) => order.indexOf(b) - order.indexOf(a))[0];
        return toasts.some((t) => t.drawn && t.title !== newest);
      });
    },
  };
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The toast on screen and the page's banner: the toast lies wholly outside the header's box. */
async function expectClearOfHeader(page: Page) {
  const toast = (await page.locator(TOAST).first().boundingBox())!;
  const header = (await page.getByRole("banner").first().boundingBox())!;
  expect(overlaps(toast, header)).toBe(false);
}

async function drag(page: Page, dx: number) {
  const box = (await page.locator(TOAST).boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + 12;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y, { steps: 8 });
  await page.mouse.up();
  await page.waitForTimeout(400);
}

describe("toasts follow the spec", () => {
  test("the toast region has a role and a label, and F8 focuses it", async () => {
    const { page, context } = await e2e.browser.newPage(DESKTOP);
    await showToast(page);
    const region = page.getByRole("region", { name: "Notifications (F8)" });
    expect(await region.locator(TOAST).count()).toBe(1);
    await page.keyboard.press("F8");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(
      "Notifications (F8)",
    );
    // From the region, Tab reaches the toast's close button.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(
      "Dismiss notification",
    );
    await context.close();
  });

  test("a swipe to the right of 50 px dismisses; 40 px, or 80 px to the left, does not", async () => {
    const { page, context } = await e2e.browser.newPage(DESKTOP);
    await showToast(page);
    await drag(page, 40);
    expect(await page.locator(TOAST).count()).toBe(1);
    await drag(page, -80);
    expect(await page.locator(TOAST).count()).toBe(1);
    await drag(page, 60);
    await page.locator(TOAST).waitFor({ state: "detached", timeout: 2000 });
    await context.close();
  });

  for (const [viewport, size] of VIEWPORTS) {
    test(`a new toast replaces the one on screen at once, and no toast covers the header (${size})`, async () => {
      const { page, context } = await e2e.browser.newPage(viewport);
      await showToast(page);
      await expectClearOfHeader(page);
      // A second failure while the first toast is up: from the first frame on, only the new one is drawn.
      const frames = await watchToastFrames(page);
      const order = ["Missing Information", "Sign In Failed", "Success"];
      await page.getByRole("textbox", { name: "Email" }).fill("investor@example.com");
      await page.locator('input[name="password"]').fill("not-the-password");
      await page.getByRole("button", { name: "Sign In" }).click();
      await page.locator(TOAST).filter({ hasText: "Sign In Failed" }).waitFor();
      await page.waitForTimeout(500); // past Mantine's exit transition (250 ms)
      expect(await frames.staleFrames(order)).toEqual([]);
      expect((await page.evaluate(toastsNow, TOAST)).filter((t) => t.drawn)).toEqual([
        { title: "Sign In Failed", drawn: true },
      ]);
      await expectClearOfHeader(page);
      // Clear of the form too: the toast is below its last field.
      const password = (await page.locator('input[name="password"]').boundingBox())!;
      expect((await page.locator(TOAST).boundingBox())!.y).toBeGreaterThan(password.y + password.height);
      await screenshot(page, `toast-replaced-${size}`);

      // Signed in, the success toast replaces the failure one, clear of the app's header.
      await page.locator('input[name="password"]').fill("investor-demo-password");
      await page.getByRole("button", { name: "Sign In" }).click();
      await page.waitForURL(`${e2e.server.url}/dashboard`);
      await page.locator(TOAST).filter({ hasText: "Signed in successfully!" }).waitFor();
      await page.waitForTimeout(400);
      expect(await frames.staleFrames(order)).toEqual([]);
      expect(await page.evaluate(toastsNow, TOAST)).toEqual([{ title: "Success", drawn: true }]);
      await expectClearOfHeader(page);
      await context.close();
    });
  }
});

describe("titles and favicon", () => {
  test("each route has its own document title and the favicon loads at any depth", async () => {
    const { page, context } = await e2e.browser.newPage(DESKTOP);
    for (const [path, title] of [
      ["/", "Signalboard: stock recommendations you can check"],
      ["/signin", "Sign in · Signalboard"],
      ["/register", "Create your account · Signalboard"],
      ["/terms", "Terms of Service · Signalboard"],
      ["/privacy", "Privacy Policy · Signalboard"],
      ["/api-docs", "API Documentation · Signalboard"],
      ["/no/such/page", "Page Not Found · Signalboard"],
    ] as const) {
      await page.goto(`${e2e.server.url}${path}`);
      await page
        .waitForFunction((t) => document.title === t, title, { timeout: 5000 })
        .catch(async () => expect(`${path}: ${await page.title()}`).toBe(`${path}: ${title}`));
    }
    const icon = await page.locator('link[rel="icon"]').first().getAttribute("href");
    expect(icon).toStartWith("/");
    const res = await fetch(new URL(icon!, `${e2e.server.url}/no/such/page`));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("image/svg+xml");
    await signInThroughForm(page, e2e.server.url, "investor@example.com", "investor-demo-password");
    await page.waitForURL(`${e2e.server.url}/dashboard`);
    await page.waitForFunction(() => document.title === "Latest Recommendations · Signalboard", undefined, {
      timeout: 5000,
    });
    await context.close();
  });
});

describe("the dashboard's first paint", () => {
  test("the boot row paints from the HTML alone; the app waits for the stylesheet", async () => {
    const { page, context } = await e2e.browser.newPage(PHONE);
    await signInThroughForm(page, e2e.server.url, "investor@example.com", "investor-demo-password");
    await page.waitForURL(`${e2e.server.url}/dashboard`);
    // Routing turns the browser's cache off, so each load asks for the stylesheet and is held here.
    const held: Array<() => void> = [];
    await page.route("**/*.css", async (route) => {
      await new Promise<void>((resolve) => held.push(resolve));
      await route.continue();
    });
    const release = async () => {
      while (held.length === 0) await Bun.sleep(20);
      for (const resolve of held.splice(0)) resolve();
    };
    let asked: string[] = [];
    page.on("request", (request) => asked.push(new URL(request.url()).pathname));
    for (const path of ["/", "/dashboard"]) {
      asked = [];
      await page.goto(`${e2e.server.url}${path}`, { waitUntil: "commit" });
      await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0);
      // Painted while the stylesheet is held: the row from index.html, styled by its own rules, and no app yet.
      expect(await page.locator("#sb-boot").boundingBox()).toMatchObject({ height: 61 });
      expect(await page.locator("html").getAttribute("data-mantine-color-scheme")).toBeNull();
      await release();
      await page.getByTestId("recommendation-card").first().waitFor();
      expect(await page.locator("html").getAttribute("data-mantine-color-scheme")).toBe("light");
      expect(await page.locator("#sb-boot").count()).toBe(0);
      // The theme's dimmed text (gray 7), which Mantine writes into the root, still wins over the stylesheet's gray 6.
      expect(
        await page.evaluate(() =>
          getComputedStyle(document.documentElement).getPropertyValue("--mantine-color-dimmed").trim(),
        ),
      ).toBe("#495057");
      // The stylesheet is asked for first, before the entry and the dashboard's preloads, and once: the preload at
      // the head's top is the request the link in the body uses (decision 169).
      const sheets = asked.filter((p) => p.endsWith(".css"));
      expect(sheets).toHaveLength(1);
      expect(asked.indexOf(sheets[0]!)).toBeLessThan(asked.findIndex((p) => p.endsWith(".js")));
      if (path === "/dashboard")
        expect(asked.indexOf(sheets[0]!)).toBeLessThan(asked.indexOf("/api/auth/user"));
    }
    await context.close();
  });

  test("a reload fetches the user, the Latest cards and the header's answers with the HTML, once each, and draws every card", async () => {
    const { page, context } = await e2e.browser.newPage(PHONE);
    await signInThroughForm(page, e2e.server.url, "investor@example.com", "investor-demo-password");
    await page.waitForURL(`${e2e.server.url}/dashboard`);
    await page.getByTestId("recommendation-card").first().waitFor();
    const preloaded = [
      "/api/auth/user",
      "/api/market/status",
      "/api/notifications/alerts",
      "/api/recommendations/latest",
    ];
    const asked: string[] = [];
    page.on("request", (r) => {
      const path = new URL(r.url()).pathname;
      if (preloaded.includes(path)) asked.push(path);
    });
    await page.reload();
    await page.getByTestId("recommendation-card").first().waitFor();
    const latest: unknown[] = await (
      await page.request.get(`${e2e.server.url}/api/recommendations/latest`)
    ).json();
    expect(latest.length).toBeGreaterThan(0);
    // The cards come a few a turn (decision 053): all of them, in the end.
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="recommendation-card"]').length >= n,
      latest.length,
    );
    expect(await page.getByTestId("recommendation-card").count()).toBe(latest.length);
    // The browser's preload (initiator "link", from dashboard.html) is the app's request too: nothing asked twice.
    expect(asked.sort()).toEqual(preloaded);
    const initiators = await page.evaluate(
      (paths) =>
        paths.map(
          (path) =>
            (performance.getEntriesByName(new URL(path, location.href).href)[0] as PerformanceResourceTiming)
              ?.initiatorType,
        ),
      preloaded,
    );
    expect(initiators).toEqual(["link", "link", "link", "link"]);
    await context.close();
  });

  test("the demo badge's tooltip loads its code on the first hover and opens then", async () => {
    const { page, context } = await e2e.browser.newPage(DESKTOP);
    const tooltipChunks: string[] = [];
    page.on("request", (r) => {
      if (/market-badge-tooltip-/.test(r.url())) tooltipChunks.push(r.url());
    });
    await signInThroughForm(page, e2e.server.url, "investor@example.com", "investor-demo-password");
    await page.waitForURL(`${e2e.server.url}/dashboard`);
    const badge = page.getByText("Demo data as of Oct 27, 2023");
    await badge.waitFor();
    await page.getByTestId("recommendation-card").first().waitFor();
    expect(tooltipChunks).toHaveLength(0);
    await badge.hover();
    const tooltip = page.getByRole("tooltip");
    await tooltip.waitFor();
    expect(await tooltip.textContent()).toBe(
      "Real daily prices, frozen at this date: every price and analysis uses it as today.",
    );
    expect(tooltipChunks).toHaveLength(1);
    await page.mouse.move(5, 600);
    await tooltip.waitFor({ state: "detached" });
    await badge.hover();
    await tooltip.waitFor();
    await context.close();
  });
});

describe("phone layout", () => {
  test("one-row header with a menu, one-row tab strip, the first card above the fold; Insights in the menu", async () => {
    const { page, context } = await e2e.browser.newPage(PHONE);
    await signInThroughForm(page, e2e.server.url, "investor@example.com", "investor-demo-password");
    await page.waitForURL(`${e2e.server.url}/dashboard`);
    await page.getByRole("tab", { name: "Watchlist" }).waitFor({ state: "attached" });
    const header = (await page.locator("header").first().boundingBox())!;
    expect(header.height).toBeLessThan(70);
    const tabs = await page
      .getByRole("tab")
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().top));
    expect(tabs).toHaveLength(6);
    expect(new Set(tabs.map(Math.round)).size).toBe(1);
    expect(await page.getByRole("heading", { name: "Dashboard", level: 1 }).count()).toBe(1);
    const card = page.getByTestId("recommendation-card").first();
    await card.waitFor();
    const box = (await card.boundingBox())!;
    expect(box.y).toBeLessThan(PHONE.height - 150);
    await page.screenshot({ path: "test-results/screenshots/dashboard-fold-phone.png" });
    // The last tab scrolls into view and opens.
    await page.getByRole("tab", { name: "Watchlist" }).click();
    await page.waitForURL(`${e2e.server.url}/dashboard/watchlist`);
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog").getByRole("link", { name: "Insights" }).click();
    await page.waitForURL(`${e2e.server.url}/insights`);
    await page.getByRole("heading", { name: "Stock Insights" }).waitFor();
    await context.close();
  });
});

describe("dark mode", () => {
  test("follows the system setting, and the header's toggle wins and is remembered across visits", async () => {
    const { page, context } = await e2e.browser.newPage(DESKTOP, "dark");
    const scheme = () => page.locator("html").getAttribute("data-mantine-color-scheme");
    await page.goto(`${e2e.server.url}/`);
    await page.getByText("Get Started Free").waitFor();
    expect(await scheme()).toBe("dark");
    const body = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(body).not.toBe("rgb(255, 255, 255)");
    await page.getByRole("button", { name: "Use light theme" }).click();
    expect(await scheme()).toBe("light");
    await page.goto(`${e2e.server.url}/signin`);
    await page.getByText("Reset password").waitFor();
    expect(await scheme()).toBe("light");
    await page.reload();
    await page.getByText("Reset password").waitFor();
    expect(await scheme()).toBe("light");
    await context.close();
  });
});

describe("landing page", () => {
  test("'See the track record' opens the public record, not sign-in and 'Unauthorized'; the footer's links work", async () => {
    const { page, context } = await e2e.browser.newPage(PHONE);
    await page.goto(`${e2e.server.url}/`);
    await page.getByRole("link", { name: "See the track record" }).click();
    await page.waitForURL(`${e2e.server.url}/track-record`);
    await page.getByTestId("provenance-lead").waitFor();
    expect(await page.getByText("Unauthorized").count()).toBe(0);
    await page.goto(`${e2e.server.url}/`);
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy" }).click();
    await page.getByRole("heading", { name: "Privacy Policy" }).waitFor();
    await page.goto(`${e2e.server.url}/register`);
    await page.getByRole("link", { name: "Terms of Service" }).click();
    await page.getByRole("heading", { name: "Terms of Service" }).waitFor();
    await context.close();
  });
});
