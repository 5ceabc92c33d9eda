import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { API_REFERENCE_SCRIPT_PATH, TRUSTED_TYPES_SCRIPT_PATH } from "../lib/security-headers.ts";
import { type BunServer, startBunServer } from "./bun-server.ts";
import { prepareDatabase, startTestApp, testDbKind } from "./harness.ts";
import { type SqldServer, startSqld } from "./sqld.ts";
import { startWorkerd, type WorkerdServer } from "./workerd.ts";

// The runtime shells as deployed (decision note 020): the real Bun server (embedded-file phase) and the Worker in
// workerd (libSQL-server phase) give no development error pages, send the security headers, serve a favicon and
// robots.txt, answer 404 for missing files and keep source maps private. The static checks need the production
// build (`bun run build`, the suite's build phase).
const root = join(import.meta.dir, "../..");
const dist = join(root, "dist");
const SECRET = "hardening-secret-hardening-secret-0123";

function requireBuild() {
  if (!existsSync(join(dist, "index.html"))) throw new Error("dist/ is not built: run `bun run build` first");
}

/** What a development error page leaks: markup, source lines, absolute paths. */
function expectNoInternals(body: string) {
  expect(body).not.toContain("<");
  expect(body).not.toContain(root);
  expect(body).not.toMatch(/\bat .+:\d+:\d+/);
}

/** Every `<script>` element's src; an inline script (no src, or content) fails the test. */
function scriptSources(html: string): string[] {
  return [...html.matchAll(/<script([^>]*)>([^<]*)<\/script>/g)].flatMap(([, attributes = "", content]) => {
    const src = /\ssrc="([^"]+)"/.exec(attributes)?.[1];
    if (content?.trim()) throw new Error(`inline script: ${content.slice(0, 80)}`);
    // Scalar's configuration element: a data block (no src, no content), which never runs.
    if (!src && /\sid="api-reference"/.test(attributes)) return [];
    if (!src) throw new Error(`script without src: <script${attributes}>`);
    return [src];
  });
}

/** The checks both runtimes must pass, against a server at `url`. */
function staticSideTests(url: () => string) {
  test("a malformed URL (/%E0%A4%A) answers 400 JSON, not an error page", async () => {
    for (const path of ["/%E0%A4%A", "/%E0%A4%A.js", "/api/%E0%A4%A"]) {
      const res = await fetch(`${url()}${path}`);
      expect(res.status).toBeLessThan(500);
      expect(res.headers.get("content-type")).toContain("application/json");
      const body = await res.text();
      expectNoInternals(body);
      expect(JSON.parse(body).message).toBeString();
    }
    expect((await fetch(`${url()}/%E0%A4%A`)).status).toBe(400);
  });

  test("/health answers JSON: the process and the database", async () => {
    const res = await fetch(`${url()}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, database: "reachable" });
  });

  test("the SPA and its files carry the CSP and the other security headers", async () => {
    requireBuild();
    for (const path of ["/", "/dashboard", "/robots.txt"]) {
      const res = await fetch(`${url()}${path}`);
      expect(res.status).toBe(200);
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("script-src 'self';");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain("unsafe-eval");
      expect(csp).toContain("require-trusted-types-for 'script'; trusted-types default");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    }
  });

  test("the SPA's page has no inline script", async () => {
    requireBuild();
    const html = await (await fetch(`${url()}/dashboard`)).text();
    expect(scriptSources(html)).toEqual([expect.stringMatching(/^\/index(-\w+)?\.js$/)]);
  });

  test("a favicon and robots.txt are real files; a missing file is 404, not the SPA's HTML", async () => {
    requireBuild();
    const favicon = await fetch(`${url()}/favicon.ico`);
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get("content-type")).toContain("icon");
    const robots = await fetch(`${url()}/robots.txt`);
    expect(robots.headers.get("content-type")).toContain("text/plain");
    expect(await robots.text()).toContain("Disallow: /api/");
    for (const path of ["/missing.js", "/index-00000000.css", "/assets/nothing"]) {
      const res = await fetch(`${url()}${path}`);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain("<!doctype html>");
    }
  });

  test("source maps are build artefacts outside dist/, and none is served", async () => {
    requireBuild();
    const files = readdirSync(dist, { recursive: true, encoding: "utf8" });
    expect(files.filter((f) => f.endsWith(".map"))).toEqual([]);
    const script = files.find((f) => /^index-\w+\.js$/.test(f));
    expect(script).toBeDefined();
    expect(readFileSync(join(dist, script!), "utf8")).not.toContain("sourceMappingURL");
    expect((await fetch(`${url()}/${script}.map`)).status).toBe(404);
    expect((await fetch(`${url()}/_headers`)).headers.get("content-type")).not.toContain("text/plain");
  });

  test("the API reference loads only our own copy of Scalar's pinned bundle", async () => {
    requireBuild();
    const page = await fetch(`${url()}/api/reference`);
    expect(page.status).toBe(200);
    const csp = page.headers.get("content-security-policy");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("require-trusted-types-for 'script'; trusted-types default vue");
    const html = await page.text();
    expect(scriptSources(html)).toEqual([TRUSTED_TYPES_SCRIPT_PATH, API_REFERENCE_SCRIPT_PATH]);
    const policy = await fetch(`${url()}${TRUSTED_TYPES_SCRIPT_PATH}`);
    expect(policy.status).toBe(200);
    expect(await policy.text()).toContain('createPolicy("default"');
    expect(html).not.toMatch(/https?:\/\//);
    const script = await fetch(`${url()}${API_REFERENCE_SCRIPT_PATH}`);
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toContain("javascript");
    const pinned = JSON.parse(
      readFileSync(join(root, "node_modules/@scalar/api-reference/package.json"), "utf8"),
    ) as { version: string };
    const packageJson = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
      devDependencies: Record<string, string>;
    };
    expect(packageJson.devDependencies["@scalar/api-reference"]).toBe(pinned.version);
  });
}

describe.skipIf(testDbKind !== "file")("the Bun server in production mode", () => {
  let server: BunServer;
  let proxied: BunServer;
  const dir = mkdtempSync(join(tmpdir(), "hardening-"));
  beforeAll(async () => {
    const env = { DATABASE_URL: `file:${join(dir, "app.db")}`, APP_SECRET: SECRET };
    server = await startBunServer(env);
    proxied = await startBunServer({ ...env, TRUST_PROXY: "true" });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await proxied?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  staticSideTests(() => server.url);

  test("API answers carry nosniff, frame refusal and a CSP that loads nothing", async () => {
    const res = await fetch(`${server.url}/api/openapi.json`);
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
  });

  test("HSTS only when the client came over https (a trusted proxy's X-Forwarded-Proto)", async () => {
    for (const path of ["/api/openapi.json", "/"]) {
      const plain = await fetch(`${proxied.url}${path}`);
      expect(plain.headers.get("strict-transport-security")).toBeNull();
      const tls = await fetch(`${proxied.url}${path}`, { headers: { "x-forwarded-proto": "https" } });
      expect(tls.headers.get("strict-transport-security")).toBe("max-age=31536000");
      // Without TRUST_PROXY the header is the client's say-so, and ignored.
      const untrusted = await fetch(`${server.url}${path}`, { headers: { "x-forwarded-proto": "https" } });
      expect(untrusted.headers.get("strict-transport-security")).toBeNull();
    }
  });
});

describe.skipIf(testDbKind !== "file")("/health when the database is gone", () => {
  test("answers 503 JSON", async () => {
    const t = await startTestApp();
    t.deps.database.client.close();
    const res = await t.app.request("/health");
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ ok: false, database: "unreachable" });
    await t.close().catch(() => {});
  });
});

describe.skipIf(testDbKind !== "sqld")("the Worker in workerd", () => {
  let sqld: SqldServer;
  let worker: WorkerdServer;
  beforeAll(async () => {
    sqld = await startSqld();
    (await prepareDatabase(sqld.url)).client.close();
    worker = await startWorkerd({ DATABASE_URL: sqld.url, APP_SECRET: SECRET });
  }, 60_000);
  afterAll(async () => {
    await worker?.stop();
    await sqld?.stop();
  });

  staticSideTests(() => worker.url);

  test("an error before the app exists (no APP_SECRET) answers 500 JSON with a request id, no error page", async () => {
    const broken = await startWorkerd({ DATABASE_URL: sqld.url });
    try {
      const res = await fetch(`${broken.url}/api/auth/user`);
      expect(res.status).toBe(500);
      const body = await res.text();
      expectNoInternals(body);
      const requestId = res.headers.get("x-request-id");
      expect(requestId).toBeString();
      expect(JSON.parse(body)).toEqual({
        message: `Internal server error (request ${requestId}).`,
        code: "INTERNAL",
      });
    } finally {
      await broken.stop();
    }
  }, 60_000);
});
