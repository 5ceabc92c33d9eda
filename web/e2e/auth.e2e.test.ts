import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema/index.ts";
import {
  ADMIN,
  DESKTOP,
  INVESTOR,
  PHONE,
  screenshot,
  seriousA11yViolations,
  serverAndBrowserForFile,
  signedInPage,
  signInThroughForm,
  toast,
} from "./harness.ts";

const e2e = serverAndBrowserForFile();

describe("sign-in and the route shell in Chromium", () => {
  test("register and land on the dashboard at /", async () => {
    const { page, context } = await e2e.browser.newPage(DESKTOP);
    await page.goto(`${e2e.server.url}/register`);
    await page.getByRole("textbox", { name: "First name" }).fill("Rita");
    await page.getByRole("textbox", { name: "Last name" }).fill("Register");
    await page.getByRole("textbox", { name: "Email" }).fill(`rita-${Date.now()}@example.com`);
    await page.locator('input[name="password"]').fill("rita-password-1");
    await screenshot(page, "register-desktop");
    await page.getByRole("button", { name: "Create Account" }).click();
    await toast(page, "Account created successfully!").waitFor();
    await page.waitForURL(`${e2e.server.url}/`);
    await page.getByRole("tab", { name: "Latest Recommendations" }).waitFor();
    for (const name of [
      "Historical Recommendations",
      "Analyze Stock",
      "Analysis History",
      "Earnings Calls",
      "Watchlist",
    ]) {
      await page.getByRole("tab", { name }).waitFor();
    }
    expect(await page.getByTestId("user-name").textContent()).toBe("Rita");
    expect(await page.getByRole("link", { name: "Admin" }).count()).toBe(0);
    await screenshot(page, "dashboard-desktop");
    await context.close();
  });

  test("sign out and land on /signin", async () => {
    const { page, context } = await e2e.browser.newPage(DESKTOP);
    await signInThroughForm(page, e2e.server.url, "investor@example.com", "investor-demo-password");
    await toast(page, "Signed in successfully!").waitFor();
    await page.waitForURL(`${e2e.server.url}/dashboard`);
    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL(`${e2e.server.url}/signin`);
    // The session is really over: the dashboard sends us back.
    await page.goto(`${e2e.server.url}/dashboard`);
    await page.waitForURL(`${e2e.server.url}/signin`);
    await context.close();
  });

  test("the admin sees the Admin button", async () => {
    const { page, context } = await signedInPage(e2e, ADMIN);
    await page.getByRole("link", { name: "Admin" }).waitFor();
    expect(await page.getByTestId("user-name").textContent()).toBe("Avery");
    await context.close();
  });

  test("a wrong password shows the Sign In Failed toast with the server's message", async () => {
    const { page, context } = await e2e.browser.newPage(DESKTOP);
    await signInThroughForm(page, e2e.server.url, "investor@example.com", "not-the-password");
    await toast(page, "Sign In Failed").waitFor();
    await toast(page, "Invalid email or password.").waitFor();
    expect(page.url()).toBe(`${e2e.server.url}/signin`);
    await screenshot(page, "signin-failed-desktop");
    await context.close();
  });

  test("empty fields show the Missing Information toast without calling the server", async () => {
    const { page, context } = await e2e.browser.newPage(DESKTOP);
    let calls = 0;
    page.on("request", (r) => {
      if (r.url().endsWith("/api/auth/signin")) calls++;
    });
    await page.goto(`${e2e.server.url}/signin`);
    await page.getByRole("button", { name: "Sign In" }).click();
    await toast(page, "Please enter both email and password.").waitFor();
    expect(calls).toBe(0);
    await context.close();
  });

  test("an inactive account sees 'Account Inactive - ...'", async () => {
    const email = `inactive-${Date.now()}@example.com`;
    const res = await fetch(`${e2e.server.url}/api/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: "inactive-password" }),
    });
    expect(res.status).toBe(201);
    await e2e.server.db.db.update(users).set({ isActive: false }).where(eq(users.email, email));
    const { page, context } = await e2e.browser.newPage(DESKTOP);
    await signInThroughForm(page, e2e.server.url, email, "inactive-password");
    await toast(page, "Account Inactive").waitFor();
    await toast(page, "Your account is inactive. Please contact administrators to activate it.").waitFor();
    await screenshot(page, "signin-inactive-desktop");
    await context.close();
  });

  test("a signed-out visit to /dashboard ends on /signin", async () => {
    const { page, context } = await e2e.browser.newPage(DESKTOP);
    await page.goto(`${e2e.server.url}/dashboard`);
    await page.waitForURL(`${e2e.server.url}/signin`, { timeout: 5000 });
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    await context.close();
  });

  test("/nope shows 'Page Not Found'", async () => {
    const { page, context } = await e2e.browser.newPage(DESKTOP);
    await page.goto(`${e2e.server.url}/nope`);
    await page.getByRole("heading", { name: "Page Not Found" }).waitFor();
    await screenshot(page, "not-found-desktop");
    await context.close();
  });

  test("public pages look right on a phone and a wide screen and axe finds nothing serious", async () => {
    for (const [path, name, ready] of [
      ["/", "landing", "Get Started Free"],
      ["/signin", "signin", "Reset password"],
      ["/register", "register", "Create Account"],
      ["/nope", "not-found", "Page Not Found"],
    ] as const) {
      for (const [viewport, label] of [
        [PHONE, "phone"],
        [DESKTOP, "desktop"],
      ] as const) {
        const { page, context } = await e2e.browser.newPage(viewport);
        await page.goto(`${e2e.server.url}${path}`);
        await page.getByText(ready).first().waitFor();
        await screenshot(page, `${name}-${label}`);
        expect(await seriousA11yViolations(page)).toEqual([]);
        await context.close();
      }
    }
  });

  test("the signed-in dashboard has no serious accessibility problems", async () => {
    const { page, context } = await signedInPage(e2e, INVESTOR, PHONE);
    await page.getByRole("tab", { name: "Watchlist" }).waitFor();
    await screenshot(page, "dashboard-phone");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });
});
