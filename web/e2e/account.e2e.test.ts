import { describe, expect, test } from "bun:test";
import { bodyOf, serverApi } from "../../api/test/harness.ts";
import {
  DESKTOP,
  PHONE,
  screenshot,
  seriousA11yViolations,
  serverAndBrowserForFile,
  settled,
  signInThroughForm,
} from "./harness.ts";

const e2e = serverAndBrowserForFile();

/** An account of its own (registering signs it in), with another session on a phone (its token). */
async function accountWithAnotherSession(email: string, password: string) {
  const registered = await fetch(`${e2e.server.url}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password, firstName: "Petra" }),
  });
  expect(registered.status).toBe(201);
  const phone = serverApi(e2e.server.url).api({
    headers: {
      "user-agent":
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1",
    },
  });
  const { user } = await bodyOf(phone.auth.signin.$post({ json: { email, password } }), 200);
  if (!user.authToken) throw new Error("the phone's sign-in answered no token");
  return user.authToken;
}

describe("account page end to end", () => {
  test("from the header's name: sessions, change the password, sign in with the new one", async () => {
    const email = `petra-${Date.now()}@example.com`;
    const otherDevice = await accountWithAnotherSession(email, "petras-first-password");
    const { page, context } = await e2e.browser.newPage(DESKTOP);
    await signInThroughForm(page, e2e.server.url, email, "petras-first-password");
    await page.waitForURL(`${e2e.server.url}/dashboard`);
    await page.getByTestId("user-name").click();
    await page.waitForURL(`${e2e.server.url}/account`);
    await page.getByRole("heading", { name: "Account", level: 1 }).waitFor();
    await page.getByText("This session").waitFor();
    await page.getByText("Safari 17 on iOS").waitFor();
    // Registration's session, the phone's and this one.
    expect(await page.getByTestId("account-session").count()).toBe(3);
    await page.getByText("Not verified").waitFor();
    await settled(page);
    await screenshot(page, "account-wide");
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByLabel("Current password", { exact: false }).first().fill("petras-first-password");
    await page.locator('input[name="newPassword"]').fill("petras-second-password");
    await page.locator('input[name="confirmPassword"]').fill("petras-second-password");
    await page.getByRole("button", { name: "Change Password" }).click();
    await page.getByText("Password Changed").first().waitFor();
    // The other device is signed out; this page stays signed in and lists this session only.
    const other = await fetch(`${e2e.server.url}/api/auth/user`, {
      headers: { authorization: `Bearer ${otherDevice}` },
    });
    expect(other.status).toBe(401);
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="account-session"]').length === 1,
    );
    expect(page.url()).toBe(`${e2e.server.url}/account`);

    await page.getByRole("button", { name: "Logout" }).first().click();
    await page.waitForURL(`${e2e.server.url}/signin`);
    await signInThroughForm(page, e2e.server.url, email, "petras-second-password");
    await page.waitForURL(`${e2e.server.url}/dashboard`);
    expect(await page.getByTestId("user-name").textContent()).toBe("Petra");
    await context.close();
  });

  test("on a phone the menu leads to the account page, one column", async () => {
    const email = `paula-${Date.now()}@example.com`;
    await accountWithAnotherSession(email, "paulas-own-password");
    const { page, context } = await e2e.browser.newPage(PHONE);
    await signInThroughForm(page, e2e.server.url, email, "paulas-own-password");
    await page.waitForURL(`${e2e.server.url}/dashboard`);
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("link", { name: "Account" }).click();
    await page.waitForURL(`${e2e.server.url}/account`);
    await page.getByText("This session").waitFor();
    await settled(page);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, "account-phone");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });
});
