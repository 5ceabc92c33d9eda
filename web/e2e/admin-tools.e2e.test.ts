import { expect, test } from "bun:test";
import {
  DESKTOP,
  PHONE,
  screenshot,
  seriousA11yViolations,
  serverAndBrowserForFile,
  signInThroughForm,
} from "./harness.ts";

const e2e = serverAndBrowserForFile();

test("an admin finds Zoë by name, promotes her, ends a session, resets her password and deactivates her", async () => {
  const stamp = Date.now();
  const email = `zoe-${stamp}@example.com`;
  const res = await fetch(`${e2e.server.url}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      email,
      password: "zoe-first-password",
      firstName: "Zoë",
      lastName: `Tools${stamp}`,
    }),
  });
  expect(res.status).toBe(201);
  const zoe = await e2e.browser.newPage(DESKTOP);
  await signInThroughForm(zoe.page, e2e.server.url, email, "zoe-first-password");
  await zoe.page.waitForURL(`${e2e.server.url}/dashboard`);

  const admin = await e2e.browser.newPage(DESKTOP);
  const { page } = admin;
  await signInThroughForm(page, e2e.server.url, "admin@example.com", "admin-demo-password");
  await page.waitForURL(`${e2e.server.url}/dashboard`);
  await page.goto(`${e2e.server.url}/admin`);
  await page.getByRole("heading", { name: "User Management" }).waitFor();
  await page.getByRole("textbox", { name: "Search users by email or name" }).fill(`zoë tools${stamp}`);
  const row = page.getByTestId("user-row").filter({ hasText: email });
  await row.waitFor();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="user-row"]').length === 1);

  await row.getByRole("button", { name: `Promote ${email}` }).click();
  await page.getByText("User promoted to admin").first().waitFor();
  await row.getByRole("button", { name: `Demote ${email}` }).waitFor();
  await screenshot(page, "admin-tools-users-wide");
  expect(await seriousA11yViolations(page)).toEqual([]);

  await row.getByRole("button", { name: "Sessions" }).click();
  const sessions = page.getByRole("dialog", { name: "User Sessions" });
  await sessions
    .getByText(/^Chrome on Linux$/)
    .first()
    .waitFor();
  await screenshot(page, "admin-tools-sessions-wide");
  expect(await seriousA11yViolations(page)).toEqual([]);
  await sessions
    .getByRole("button", { name: /^End session started/ })
    .first()
    .click();
  await page.getByText("Session ended").first().waitFor();
  await page.keyboard.press("Escape");
  // Zoë's session has ended: her next request is answered 401.
  expect(
    await zoe.page.evaluate(async () => (await fetch("/api/auth/user", { credentials: "include" })).status),
  ).toBe(401);
  await zoe.context.close();

  await row.getByRole("button", { name: `Reset password of ${email}` }).click();
  const reset = page.getByRole("dialog", { name: "Reset password" });
  await reset.getByRole("button", { name: "Reset password" }).click();
  const temporary = (await reset.getByTestId("temporary-password").textContent())!.trim();
  expect(temporary.length).toBeGreaterThanOrEqual(20);
  await screenshot(page, "admin-tools-reset-wide");
  expect(await seriousA11yViolations(page)).toEqual([]);
  await reset.getByRole("button", { name: "Done" }).click();

  const again = await e2e.browser.newPage(PHONE);
  await signInThroughForm(again.page, e2e.server.url, email, temporary);
  await again.page.waitForURL(`${e2e.server.url}/dashboard`);
  await again.context.close();

  await row.getByRole("button", { name: `Deactivate ${email}` }).click();
  const confirm = page.getByRole("dialog", { name: "Deactivate this user?" });
  await confirm.getByText(/signed out of every session/).waitFor();
  await screenshot(page, "admin-tools-deactivate-wide");
  expect(await seriousA11yViolations(page)).toEqual([]);
  await confirm.getByRole("button", { name: "Deactivate" }).click();
  await page.getByText("User Deactivated").first().waitFor();
  await row.getByText("Inactive").waitFor();
  await admin.context.close();

  const phone = await e2e.browser.newPage(PHONE);
  await signInThroughForm(phone.page, e2e.server.url, "admin@example.com", "admin-demo-password");
  await phone.page.waitForURL(`${e2e.server.url}/dashboard`);
  await phone.page.goto(`${e2e.server.url}/admin`);
  await phone.page.getByRole("textbox", { name: "Search users by email or name" }).fill(`tools${stamp}`);
  const phoneRow = phone.page.getByTestId("user-row").filter({ hasText: email });
  await phoneRow.waitFor();
  await phoneRow.getByText("Inactive").waitFor();
  await phone.page.waitForFunction(() => document.querySelectorAll('[data-testid="user-row"]').length === 1);
  await screenshot(phone.page, "admin-tools-users-phone");
  await phoneRow.getByRole("button", { name: "Sessions" }).click();
  await phone.page
    .getByRole("dialog", { name: "User Sessions" })
    .getByText(/^Chrome on Linux$/)
    .first()
    .waitFor();
  await screenshot(phone.page, "admin-tools-sessions-phone");
  expect(await seriousA11yViolations(phone.page)).toEqual([]);
  await phone.page.keyboard.press("Escape");
  await phoneRow.getByRole("button", { name: `Reset password of ${email}` }).click();
  await phone.page
    .getByRole("dialog", { name: "Reset password" })
    .getByText(/new temporary password/)
    .waitFor();
  await screenshot(phone.page, "admin-tools-reset-phone");
  await phone.page.keyboard.press("Escape");
  await phone.context.close();
}, 120_000);
