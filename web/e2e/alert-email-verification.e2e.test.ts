import { expect, test } from "bun:test";
import { DESKTOP, PHONE, screenshot, serverBrowserAndMailbox, signInThroughForm } from "./harness.ts";

// Alert emails go only to a proven address (decision 085): the alert settings say why an unproven one gets
// nothing, and the code mailed to it proves it.
const e2e = serverBrowserAndMailbox();

test("an unproven alert address: the settings say why, and the mailed code proves it", async () => {
  const { page, context } = await e2e.browser.newPage(DESKTOP);
  await signInThroughForm(page, e2e.server.url, "investor@example.com", "investor-demo-password");
  await page.waitForURL(`${e2e.server.url}/dashboard`);
  await page.goto(`${e2e.server.url}/dashboard/watchlist`);
  const notice = page.getByRole("alert").filter({ hasText: "Email address not verified" });
  await notice.getByText("Alert emails are not sent to investor@example.com").waitFor();
  await page.getByRole("button", { name: "Send verification code" }).click();
  await page.getByRole("textbox", { name: "Verification code" }).waitFor();
  let code: string | undefined;
  for (let i = 0; i < 50 && !code; i++) {
    code = /\b(\d{6})\b/.exec(e2e.smtp.inbox.find((m) => m.to === "investor@example.com")?.raw ?? "")?.[1];
    if (!code) await Bun.sleep(100);
  }
  expect(code).toMatch(/^\d{6}$/);
  await page.setViewportSize(PHONE);
  await screenshot(page, "alert-email-verification-phone");
  await page.setViewportSize(DESKTOP);
  await page.getByRole("textbox", { name: "Verification code" }).fill(code!);
  await page.getByRole("button", { name: "Verify email" }).click();
  await notice.waitFor({ state: "detached" });
  await page.reload();
  await page.getByRole("button", { name: "Save alert settings" }).waitFor();
  expect(await page.getByText("Email address not verified").count()).toBe(0);
  await context.close();
});
