import { startTestApp, type TestApp } from "../../api/test/harness.ts";

/**
 * Routes the browser's fetch to the real API (createApp on a fresh migrated database, in process), so component
 * tests exercise real answers instead of canned ones.
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
