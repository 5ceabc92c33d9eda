import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { parseEnv } from "../lib/config.ts";
import { SESSION_COOKIE } from "../middleware/auth.ts";
import { bodyOf, errorOf, startTestApp, type TestApp, targetName } from "../test/harness.ts";

// CORS_ORIGINS (decision note 087): browser pages on the listed origins may call the API with an API key or a
// session token in the Authorization header; never with cookies. An origin not listed, or no list at all (the
// default), gets no CORS header: the browser keeps the answer from the page.
const TOOL = "https://tool.example";
const PASSWORD = "correct-horse-battery";

const preflight = (t: TestApp, origin: string) =>
  t.request("/api/watchlist", {
    method: "OPTIONS",
    headers: {
      origin,
      "access-control-request-method": "POST",
      "access-control-request-headers": "authorization,content-type",
    },
  });

const corsHeaders = (res: Response) =>
  [...res.headers.keys()].filter((name) => name.startsWith("access-control-"));

describe(`CORS_ORIGINS set (${targetName})`, () => {
  let t: TestApp;
  let apiKey: string;
  beforeAll(async () => {
    t = await startTestApp({ corsOrigins: [TOOL, "http://localhost:5173"] });
    const user = await t.createUser({ password: PASSWORD });
    const token = await t.signIn(user.email, PASSWORD);
    apiKey = (await bodyOf(t.api(token).auth.user.$get(), 200)).apiKey;
  }, 60_000);
  afterAll(() => t.close());

  test("a listed origin's preflight is answered: Authorization and Content-Type allowed, no credentials", async () => {
    const res = await preflight(t, TOOL);
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe(TOOL);
    expect(res.headers.get("access-control-allow-headers")?.toLowerCase()).toBe("authorization,content-type");
    expect(res.headers.get("access-control-allow-methods")).toContain("POST");
    expect(res.headers.get("access-control-allow-credentials")).toBeNull();
  });

  test("a listed origin's call with an API key gets its answer and the CORS header", async () => {
    const res = await t.request("/api/watchlist", { token: apiKey, headers: { origin: TOOL } });
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe(TOOL);
    expect(res.headers.get("access-control-allow-credentials")).toBeNull();
    expect(res.headers.get("vary")?.toLowerCase()).toContain("origin");
  });

  test("a listed origin's page may read the paging and cache headers the API documents", async () => {
    const res = await t.request("/api/recommendations/historical?pageSize=1", {
      token: apiKey,
      headers: { origin: TOOL },
    });
    const exposed = (res.headers.get("access-control-expose-headers") ?? "").toLowerCase().split(/,\s*/);
    for (const name of ["link", "x-total-count", "x-date-counts", "etag", "retry-after"]) {
      expect(exposed).toContain(name);
    }
  });

  test("an origin not listed gets no CORS header, on the preflight or the call", async () => {
    const pre = await preflight(t, "https://evil.example");
    expect(pre.status).toBeGreaterThanOrEqual(400);
    expect((await errorOf(pre, pre.status)).code).toBeString();
    expect(corsHeaders(pre)).toEqual([]);
    const call = await t.request("/api/watchlist", {
      token: apiKey,
      headers: { origin: "https://evil.example" },
    });
    await call.arrayBuffer();
    expect(corsHeaders(call)).toEqual([]);
  });

  test("a listed origin still cannot write with the session cookie", async () => {
    const signIn = await t.request("/api/auth/signin", {
      method: "POST",
      json: { email: (await t.createUser({ password: PASSWORD })).email, password: PASSWORD },
    });
    const cookie = /sb_session=([^;]+)/.exec(signIn.headers.get("set-cookie") ?? "")?.[1];
    const res = await t.request("/api/auth/regenerate-api-key", {
      method: "POST",
      headers: { origin: TOOL, "sec-fetch-site": "cross-site", cookie: `${SESSION_COOKIE}=${cookie}` },
    });
    expect(res.status).toBe(403);
  });
});

describe(`CORS_ORIGINS unset (${targetName})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  }, 60_000);
  afterAll(() => t.close());

  test("same-origin only: no CORS header for any origin", async () => {
    const res = await preflight(t, TOOL);
    await res.arrayBuffer();
    expect(corsHeaders(res)).toEqual([]);
  });
});

test("CORS_ORIGINS takes exact origins; a path, a trailing slash or a wildcard stops the start", () => {
  expect(parseEnv({}).CORS_ORIGINS).toEqual([]);
  expect(parseEnv({ CORS_ORIGINS: "https://tool.example, http://localhost:5173" }).CORS_ORIGINS).toEqual([
    "https://tool.example",
    "http://localhost:5173",
  ]);
  for (const bad of ["https://tool.example/", "https://tool.example/app", "*", "tool.example"]) {
    expect(() => parseEnv({ CORS_ORIGINS: bad })).toThrow("CORS_ORIGINS");
  }
});
