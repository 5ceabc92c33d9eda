import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createStaticHandler } from "./static-files.ts";

// The Bun server's static side on a throwaway build folder: `dist` with a sibling `dist-backup` whose name starts
// with the build folder's (the old `startsWith(root)` containment let `/..%2fdist-backup/...` read it).
let base = "";
let serve: ReturnType<typeof createStaticHandler>;
const get = (path: string, headers: Record<string, string> = {}) =>
  serve(new Request(`http://app.test${path}`, { headers }));

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), "static-files-"));
  const dist = join(base, "dist");
  mkdirSync(join(dist, "nested"), { recursive: true });
  mkdirSync(join(base, "dist-backup"));
  writeFileSync(join(base, "dist-backup", "secret.txt"), "backup secret");
  writeFileSync(join(base, "outside.txt"), "outside");
  writeFileSync(join(dist, "index.html"), "<!doctype html><title>spa</title>");
  writeFileSync(join(dist, "index-abcdef12.js"), "console.log(1)");
  writeFileSync(join(dist, "index-abcdef12.js.map"), '{"version":3}');
  writeFileSync(join(dist, "robots.txt"), "User-agent: *");
  writeFileSync(join(dist, "_headers"), "/*\n  X: y");
  writeFileSync(join(dist, ".env"), "SECRET=1");
  serve = createStaticHandler(dist);
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe("static files", () => {
  test("a sibling folder whose name starts with the build folder's is not reachable", async () => {
    for (const path of [
      "/..%2fdist-backup/secret.txt",
      "/..%2f..%2foutside.txt",
      "/%2e%2e/dist-backup/secret.txt",
    ]) {
      const res = await get(path);
      expect(await res.text()).not.toContain("secret");
      expect(res.status).toBe(404);
    }
  });

  test("source maps, dotfiles and Cloudflare's _headers are not served", async () => {
    for (const path of ["/index-abcdef12.js.map", "/.env", "/_headers"]) {
      expect((await get(path)).status).toBe(404);
    }
  });

  test("a missing file (has an extension, or under /assets) answers 404 JSON, not the SPA", async () => {
    for (const path of ["/favicon.ico", "/missing.js", "/index-00000000.js", "/assets/logo"]) {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect(await res.json()).toMatchObject({ code: "NOT_FOUND" });
    }
  });

  test("client routes still get index.html; real files are served", async () => {
    for (const path of ["/", "/dashboard"]) {
      const route = await get(path);
      expect(route.status).toBe(200);
      expect(await route.text()).toContain("<title>spa</title>");
    }
    const robots = await get("/robots.txt");
    expect(robots.status).toBe(200);
    expect(await robots.text()).toBe("User-agent: *");
    expect((await get("/index-abcdef12.js")).headers.get("cache-control")).toContain("immutable");
  });

  test("the dashboard's addresses get dashboard.html, with its preloads, when the build wrote one", async () => {
    const dist = join(base, "dist-with-dashboard");
    mkdirSync(dist);
    writeFileSync(join(dist, "index.html"), "<!doctype html><title>spa</title>");
    writeFileSync(join(dist, "dashboard.html"), "<!doctype html><title>dashboard</title>");
    const withDashboard = createStaticHandler(dist);
    const title = async (path: string) => {
      const res = await withDashboard(new Request(`http://app.test${path}`));
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("no-cache");
      return /<title>(\w+)<\/title>/.exec(await res.text())?.[1];
    };
    for (const path of ["/dashboard", "/dashboard/", "/dashboard/historical", "/dashboard/r/5"])
      expect(await title(path)).toBe("dashboard");
    for (const path of ["/", "/dashboards", "/insights", "/signin", "/no/such/page"])
      expect(await title(path)).toBe("spa");
  });

  test("the historical tab's address gets its own document when the build wrote one; its dialogs get the dashboard's", async () => {
    const dist = join(base, "dist-with-historical");
    mkdirSync(join(dist, "dashboard"), { recursive: true });
    writeFileSync(join(dist, "index.html"), "<!doctype html><title>spa</title>");
    writeFileSync(join(dist, "dashboard.html"), "<!doctype html><title>dashboard</title>");
    writeFileSync(join(dist, "dashboard", "historical.html"), "<!doctype html><title>historical</title>");
    const withHistorical = createStaticHandler(dist);
    const title = async (path: string) => {
      const res = await withHistorical(new Request(`http://app.test${path}`));
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("no-cache");
      return /<title>(\w+)<\/title>/.exec(await res.text())?.[1];
    };
    for (const path of ["/dashboard/historical", "/dashboard/historical/"])
      expect(await title(path)).toBe("historical");
    for (const path of ["/dashboard", "/dashboard/historical/r/5", "/dashboard/historicals"])
      expect(await title(path)).toBe("dashboard");
    // A build without it (an older dist) answers the dashboard's document there.
    const older = join(base, "dist-with-dashboard");
    const olderServe = createStaticHandler(older);
    const res = await olderServe(new Request("http://app.test/dashboard/historical"));
    expect(await res.text()).toContain("<title>dashboard</title>");
  });

  test("a malformed percent-encoding answers 400 JSON instead of throwing", async () => {
    const res = await get("/%E0%A4%A");
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "BAD_REQUEST" });
  });

  test("every answer carries the SPA's security headers; HSTS only over https", async () => {
    for (const path of ["/", "/dashboard", "/robots.txt", "/missing.js"]) {
      const res = await get(path);
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("script-src 'self';");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("strict-transport-security")).toBeNull();
    }
    const overTls = await serve(new Request("http://app.test/"), true);
    expect(overTls.headers.get("strict-transport-security")).toBe("max-age=31536000");
  });
});
