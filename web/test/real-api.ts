import { startTestApp, type TestApp } from "../../api/test/harness.ts";
import { AUTH_TOKEN_KEY } from "../lib/auth-token.ts";

/**
 * Routes the browser's fetch to the real API (createApp on a fresh migrated database, in process), so component
 * tests exercise real answers instead of canned ones. `closeRealApi` ends it.
 */
export async function useRealApi(): Promise<TestApp> {
  const t = await startTestApp();
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === "string" || input instanceof URL ? input : input.url,
      "http://localhost/",
    );
    return Promise.resolve(t.app.request(url.pathname + url.search, init));
  }) as typeof fetch;
  return t;
}

/** Signs the account in on the real API and keeps its token where the web's API client reads it. */
export async function signInBrowser(api: TestApp, email: string, password = "correct-horse-battery") {
  const token = await api.signIn(email, password);
  localStorage.setItem(AUTH_TOKEN_KEY, token);
  return token;
}

/** Forgets the browser's token and closes the API. */
export async function closeRealApi(api: TestApp) {
  localStorage.removeItem(AUTH_TOKEN_KEY);
  await api.close();
}
