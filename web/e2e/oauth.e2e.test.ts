import { afterAll, beforeAll, expect, test } from "bun:test";
import { Events, OAuth2Server } from "oauth2-mock-server";
import {
  DESKTOP,
  type E2EBrowser,
  type E2EServer,
  launchBrowser,
  screenshot,
  startServer,
} from "./harness.ts";

let oidc: OAuth2Server;
let server: E2EServer;
let browser: E2EBrowser;

beforeAll(async () => {
  oidc = new OAuth2Server();
  await oidc.issuer.keys.generate("RS256");
  await oidc.start(0, "127.0.0.1");
  oidc.service.on(Events.BeforeUserinfo, (response) => {
    response.body = {
      sub: "g-1",
      email: "olivia@example.com",
      email_verified: true,
      given_name: "Olivia",
      family_name: "Oauth",
    };
  });
  server = await startServer({
    GOOGLE_CLIENT_ID: "e2e-client",
    GOOGLE_CLIENT_SECRET: "e2e-secret",
    GOOGLE_ISSUER: oidc.issuer.url!,
    PUBLIC_URL: "auto",
  });
  browser = await launchBrowser();
});
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
  await context.close();
});
