import { expect, test } from "bun:test";
import { DESKTOP, screenshot, serverBrowserAndMailbox, signInThroughForm } from "./harness.ts";

const e2e = serverBrowserAndMailbox();

test("forgot password end to end: request, code from the mailbox, new password, sign in with it", async () => {
  const { page, context } = await e2e.browser.newPage(DESKTOP);
  await page.goto(`${e2e.server.url}/signin`);
  await page.getByRole("link", { name: "Reset password" }).click();
  await page.getByRole("link", { name: "Back to Sign In" }).waitFor();
  await page.getByRole("textbox", { name: "Email address" }).fill("investor@example.com");
  await page.getByRole("textbox", { name: "Full name" }).fill("Ivy Investor");
  await screenshot(page, "forgot-password-desktop");
  await page.getByRole("button", { name: "Send Reset Code" }).click();
  await page.getByRole("button", { name: "Back to verification" }).waitFor();

  let code: string | undefined;
  for (let i = 0; i < 50 && !code; i++) {
    code = /reset code is (\d{6})/.exec(
      e2e.smtp.inbox.find((m) => m.to === "investor@example.com")?.raw ?? "",
    )?.[1];
    if (!code) await Bun.sleep(100);
  }
  expect(code).toMatch(/^\d{6}$/);
  await page.getByRole("textbox", { name: "Reset code" }).fill(code!);
  await page.locator('input[name="newPassword"]').fill("a-brand-new-password");
  await page.locator('input[name="confirmPassword"]').fill("a-different-one");
  await page.getByText("Passwords do not match").waitFor();
  expect(await page.getByRole("button", { name: "Update Password" }).isDisabled()).toBe(true);
  await page.locator('input[name="confirmPassword"]').fill("a-brand-new-password");
  await page.getByRole("button", { name: "Update Password" }).click();
  await page.getByRole("heading", { name: "Password Updated!" }).waitFor();
  await page.getByText("your API key has been replaced", { exact: false }).waitFor();
  await page.getByRole("link", { name: "Sign In with New Password" }).click();
  await page.waitForURL(`${e2e.server.url}/signin`);
  await signInThroughForm(page, e2e.server.url, "investor@example.com", "a-brand-new-password");
  await page.waitForURL(`${e2e.server.url}/dashboard`);
  await context.close();
});
