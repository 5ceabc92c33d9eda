import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { gunzipSync } from "node:zlib";
import { startTestApp, type TestApp } from "./harness.ts";

// API answers are gzipped for a client that accepts it on Bun (api/app.ts); the Worker leaves it to Cloudflare.
describe("API answers are compressed where the client accepts it (Bun)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  test("a JSON answer with Accept-Encoding: gzip comes back gzip, and decodes to the same JSON", async () => {
    const plain = await t.app.request("/api/openapi.json");
    expect(plain.headers.get("content-encoding")).toBeNull();
    const plainBody = await plain.text();

    const res = await t.app.request("/api/openapi.json", {
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("vary")?.toLowerCase()).toContain("accept-encoding");
    const zipped = new Uint8Array(await res.arrayBuffer());
    expect(zipped.length).toBeLessThan(plainBody.length / 3);
    expect(JSON.parse(gunzipSync(zipped).toString("utf8"))).toEqual(JSON.parse(plainBody));
  });

  test("a signed-in list answer is compressed too, and a client that accepts nothing gets it plain", async () => {
    const user = await t.createUser();
    const token = await t.signIn(user.email, "correct-horse-battery");
    const zipped = await t.app.request("/api/auth/user", {
      headers: { authorization: `Bearer ${token}`, "accept-encoding": "gzip" },
    });
    expect(zipped.status).toBe(200);
    // Below hono's 1 KB threshold an answer is sent as is: compressing it would not pay.
    const body = new Uint8Array(await zipped.arrayBuffer());
    const text =
      zipped.headers.get("content-encoding") === "gzip"
        ? gunzipSync(body).toString("utf8")
        : new TextDecoder().decode(body);
    expect(JSON.parse(text).email).toBe(user.email);
    const identity = await t.app.request("/api/openapi.json", { headers: { "accept-encoding": "identity" } });
    expect(identity.headers.get("content-encoding")).toBeNull();
  });

  test("Vary names accept-encoding once, kept answers (sent plain or gzipped) included", async () => {
    const user = await t.createUser();
    const token = await t.signIn(user.email, "correct-horse-battery");
    for (const encoding of ["identity", "gzip"]) {
      for (const path of ["/api/recommendations/latest", "/api/openapi.json"]) {
        const res = await t.app.request(path, {
          headers: { authorization: `Bearer ${token}`, "accept-encoding": encoding },
        });
        expect(res.status).toBe(200);
        expect(res.headers.get("vary")?.toLowerCase()).toBe("accept-encoding");
      }
    }
  });
});
