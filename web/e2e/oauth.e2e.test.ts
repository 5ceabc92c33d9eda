import { afterAll, beforeAll, expect, test } from "bun:test";
import { Events, OAuth2Server } from "oauth2-mock-server";
import {
  DESKTOP,
  type E2EBrowser,
  type E2EServer,
  launchBrowser,
  SETUP_TIMEOUT_MS,
  screenshot,
  startServer,
} from "./harness.ts";

let oidc: OAuth2Server;
let server: E2EServer;
let browser: E2EBrowser;
let userinfo: Record<string, unknown> = {
  sub: "g-1",
  email: "olivia@example.com",
  email_verified: true,
  given_name: "Olivia",
  family_name: "Oauth",
};

beforeAll(async () => {
  oidc = new OAuth2Server();
  await oidc.issuer.keys.generate("RS256");
  await oidc.start(0, "127.0.0.1");
  oidc.service.on(Events.BeforeUserinfo, (response) => {
    response.body = userinfo;
  });
  server = await startServer({
    GOOGLE_CLIENT_ID: "e2e-client",
    GOOGLE_CLIENT_SECRET: "e2e-secret",
    GOOGLE_ISSUER: oidc.issuer.url!,
    PUBLIC_URL: "auto",
  });
  browser = await launchBrowser();
}, SETUP_TIMEOUT_MS);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await oidc?.stop();
});

test("OAuth sign-in round trip in the browser: Continue with Google, back on the dashboard signed in", async () => {
  const { page, context } = await browser.newPage(DESKTOP);
  await page.goto(`${server.url}/signin`);
  const google = page.getByRole("link", { name: "Continue with Google" });
  await google.waitFor();
  expect(await page.getByRole("link", { name: "Continue with GitHub" }).count()).toBe(0);
  await screenshot(page, "signin-oauth-desktop");
  await google.click();
  await page.waitForURL(`${server.url}/dashboard`);
  await page.getByTestId("user-name").waitFor();
  expect(await page.getByTestId("user-name").textContent()).toBe("Olivia");
  // A reload at once (issue 38): the session cookie the callback set is the session.
  await page.reload();
  await page.getByTestId("user-name").waitFor();
  expect(page.url()).toBe(`${server.url}/dashboard`);
  expect(await page.getByText("Unauthorized").count()).toBe(0);
  await context.close();
});

test("an address someone registered but never proved: Continue with Google does not join it and says why", async () => {
  // The squatter registers the victim's address with their own password.
  const squatter = await browser.newPage(DESKTOP);
  await squatter.page.goto(`${server.url}/register`);
  await squatter.page.getByRole("textbox", { name: "Email" }).fill("victor@example.com");
  await squatter.page.locator('input[autocomplete="new-password"]').fill("squatters-password");
  await squatter.page.getByRole("button", { name: "Create Account" }).click();
  await squatter.page.getByText("Account created successfully!").waitFor();
  await squatter.context.close();

  // The victim later signs in with Google, which vouches for the same address.
  userinfo = { sub: "g-2", email: "victor@example.com", email_verified: true, given_name: "Victor" };
  const { page, context } = await browser.newPage(DESKTOP);
  await page.goto(`${server.url}/signin`);
  await page.getByRole("link", { name: "Continue with Google" }).click();
  await page.waitForURL(`${server.url}/signin?oauthError=email-unverified`);
  await page.getByText("An account with this email exists. Sign in with its password first").waitFor();
  expect(await page.getByTestId("user-name").count()).toBe(0);
  expect((await context.cookies()).some((c) => c.name === "sb_session")).toBe(false);
  await context.close();
});
