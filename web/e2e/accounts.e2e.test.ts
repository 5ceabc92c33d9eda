import { describe, expect, test } from "bun:test";
import { DESKTOP, PHONE, screenshot, serverAndBrowserForFile, signInThroughForm } from "./harness.ts";

const e2e = serverAndBrowserForFile();

async function register(email: string, password: string, firstName: string) {
  const res = await fetch(`${e2e.server.url}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password, firstName }),
  });
  expect(res.status).toBe(201);
}

describe("accounts end to end", () => {
  test("API key page: masked, show/hide, copy, regenerate; the old key then fails over HTTP", async () => {
    const { page, context } = await e2e.browser.newPage(DESKTOP);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: e2e.server.url });
    await signInThroughForm(page, e2e.server.url, "investor@example.com", "investor-demo-password");
    await page.waitForURL(`${e2e.server.url}/dashboard`);
    await page.getByRole("link", { name: "API Key" }).click();
    const field = page.getByTestId("api-key-value");
    await field.waitFor();
    const masked = await field.inputValue();
    expect(masked).toMatch(/^sbk_.{4}•+.{4}$/);
    await page.getByRole("button", { name: "Show key" }).click();
    const oldKey = await field.inputValue();
    expect(oldKey.startsWith(masked.slice(0, 8))).toBe(true);
    expect(oldKey.endsWith(masked.slice(-4))).toBe(true);
    await page.getByRole("button", { name: "Copy key" }).click();
    await page.getByText("API Key Copied").first().waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(oldKey);
    await page.getByRole("button", { name: "Hide key" }).click();
    expect(await field.inputValue()).toBe(masked);
    await screenshot(page, "api-key-desktop");

    const before = await fetch(`${e2e.server.url}/api/auth/user`, {
      headers: { authorization: `Bearer ${oldKey}` },
    });
    expect(before.status).toBe(200);
    let confirmText = "";
    page.once("dialog", (d) => {
      confirmText = d.message();
      void d.accept();
    });
    await page.getByRole("button", { name: "Regenerate API Key" }).click();
    await page.getByText("API Key Regenerated").first().waitFor();
    expect(confirmText).toBe(
      "Are you sure you want to regenerate your API key? The old key will stop working immediately.",
    );
    await page.waitForFunction(
      (old) => (document.querySelector('[data-testid="api-key-value"]') as HTMLInputElement).value !== old,
      oldKey,
    );
    const newKey = await field.inputValue();
    expect(newKey).not.toBe(oldKey);
    expect(newKey).not.toContain("•");
    const after = await fetch(`${e2e.server.url}/api/auth/user`, {
      headers: { authorization: `Bearer ${oldKey}` },
    });
    expect(after.status).toBe(401);
    expect(
      (await fetch(`${e2e.server.url}/api/auth/user`, { headers: { authorization: `Bearer ${newKey}` } }))
        .status,
    ).toBe(200);
    await context.close();
  });

  test("signed out, the API key page shows the instructions and invites to sign in", async () => {
    const { page, context } = await e2e.browser.newPage(PHONE);
    await page.goto(`${e2e.server.url}/api-key`);
    await page.getByText("Sign in to see your key").waitFor();
    await page.getByText("Security tips").waitFor();
    await screenshot(page, "api-key-signed-out-phone");
    await context.close();
  });

  test("admin deactivates a user who then cannot sign in; admin views their sessions", async () => {
    const email = `dora-${Date.now()}@example.com`;
    await register(email, "dora-password", "Dora");
    const admin = await e2e.browser.newPage(DESKTOP);
    await signInThroughForm(admin.page, e2e.server.url, "admin@example.com", "admin-demo-password");
    await admin.page.waitForURL(`${e2e.server.url}/dashboard`);
    await admin.page.goto(`${e2e.server.url}/admin`);
    await admin.page.getByRole("heading", { name: "User Management" }).waitFor();
    await admin.page.getByRole("textbox", { name: "Search users by email or name" }).fill("dora-");
    const row = admin.page.getByTestId("user-row").filter({ hasText: email });
    await row.waitFor();
    await admin.page.waitForFunction(
      () => document.querySelectorAll('[data-testid="user-row"]').length === 1,
    );

    await row.getByRole("button", { name: "Sessions" }).click();
    const dialog = admin.page.getByRole("dialog", { name: "User Sessions" });
    await dialog.getByText("Active").waitFor();
    await screenshot(admin.page, "admin-sessions-desktop");
    await admin.page.keyboard.press("Escape");

    await row.getByRole("button", { name: `Deactivate ${email}` }).click();
    await admin.page
      .getByRole("dialog", { name: "Deactivate this user?" })
      .getByRole("button", { name: "Deactivate" })
      .click();
    await admin.page.getByText("User Deactivated").first().waitFor();
    await row.getByText("Inactive").waitFor();

    const user = await e2e.browser.newPage(DESKTOP);
    await signInThroughForm(user.page, e2e.server.url, email, "dora-password");
    await user.page.getByText("Account Inactive").first().waitFor();
    await user.context.close();

    await row.getByRole("button", { name: `Activate ${email}` }).click();
    await admin.page.getByText("User Activated").first().waitFor();
    await screenshot(admin.page, "admin-users-desktop");
    await admin.context.close();
  });

  test("the API docs page lists the endpoints by category and marks admin-only ones", async () => {
    const { page, context } = await e2e.browser.newPage(DESKTOP);
    await page.goto(`${e2e.server.url}/api-docs`);
    await page.getByRole("heading", { name: "API Documentation" }).waitFor();
    await page.getByTestId("endpoint").filter({ hasText: "/api/auth/signin" }).first().waitFor();
    await page.getByRole("button", { name: /Admin/ }).click();
    await page.getByText("Admin only").filter({ visible: true }).first().waitFor();
    await page.getByText("Symbols are 1-10 characters").waitFor();
    await screenshot(page, "api-docs-desktop");
    await context.close();
  });
});
