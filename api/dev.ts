// Development shell: the API plus the SPA bundled on the fly by Bun from web/index.html.
// Run through `bun run dev`, which also regenerates the route tree on change (tsr watch) and restarts
// this process when server code changes (bun --watch). Browser HMR stays off: with it the router crashed
// (see ../shared/STACK-NOTES.md), so the page reloads itself instead: every page this server hands out carries a
// small script listening to a server-sent events stream, told to reload when a file under web/ changes or this
// process restarts (runtime/dev-reload.ts, decision 034). None of it exists in the production server or build.
import { join } from "node:path";
import type { Server } from "bun";
import index from "../web/index.html";
import { createApp } from "./app.ts";
import { demoAccountsEnabled, parseEnv } from "./lib/config.ts";
import { API_REFERENCE_SCRIPT_PATH, TRUSTED_TYPES_SCRIPT_PATH } from "./lib/security-headers.ts";
import { configureMarket } from "./market/configure.ts";
import { buildBunDeps } from "./runtime/bun-deps.ts";
import { readDemoMarketFiles } from "./runtime/demo-market-files.ts";
import {
  createDevReload,
  DEV_RELOAD_PATH,
  DEV_RELOAD_SCRIPT_PATH,
  withReloadScript,
} from "./runtime/dev-reload.ts";
import { readServedModelFiles } from "./runtime/model-files.ts";
import { bundleTrustedTypesScript } from "./runtime/trusted-types-script.ts";
import { formatSeedReport, seedDemo } from "./seed/seed.ts";

const env = parseEnv(process.env);
const deps = await buildBunDeps(env);
if (env.SEED_ON_START)
  console.log(
    formatSeedReport(
      await seedDemo(deps, {
        demoMarketFiles: readDemoMarketFiles,
        modelFiles: readServedModelFiles,
        marketAsOf: env.MARKET_AS_OF,
        demoAccounts: demoAccountsEnabled(env),
      }),
    ),
  );
await configureMarket(deps, env);
const app = createApp(deps);
const devReload = createDevReload(join(import.meta.dir, "../web"));
const BUILD_FAILED_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Build failed</title></head>
<body><pre>The web build failed: the dev server's terminal says why. This page reloads when a web file changes.</pre></body></html>`;
/** Where Bun serves the bundled page itself; every client route gets it with the reload script added. */
const BUNDLED_PAGE = "/__dev/index.html";

const server: Server<undefined> = Bun.serve({
  port: env.PORT,
  development: { hmr: false, console: true },
  // The events stream stays open for as long as the page does.
  idleTimeout: 0,
  routes: {
    "/api/*": (request, srv) => app.fetch(request, srv),
    "/health": (request, srv) => app.fetch(request, srv),
    "/metrics": (request, srv) => app.fetch(request, srv),
    // The production build copies this file into dist/; here it comes straight from the pinned package.
    [API_REFERENCE_SCRIPT_PATH]: () =>
      new Response(
        Bun.file(join(import.meta.dir, "../node_modules/@scalar/api-reference/dist/browser/standalone.js")),
      ),
    [TRUSTED_TYPES_SCRIPT_PATH]: async () => new Response(await bundleTrustedTypesScript()),
    [DEV_RELOAD_PATH]: (request) => devReload.events(request),
    [DEV_RELOAD_SCRIPT_PATH]: () => devReload.script(),
    [BUNDLED_PAGE]: index,
    "/*": async (): Promise<Response> => {
      const page: Response = await fetch(new URL(BUNDLED_PAGE, server.url));
      let html: string = await page.text();
      // Bun answers a failed bundle with an empty 500; the page says so and reloads itself once a save fixes it.
      if (!page.ok && !html.trim()) html = BUILD_FAILED_PAGE;
      const headers = new Headers(page.headers);
      headers.delete("content-length");
      headers.delete("etag");
      headers.set("content-type", "text/html; charset=utf-8");
      headers.set("cache-control", "no-store");
      return new Response(withReloadScript(html), { status: page.status, headers });
    },
  },
});
console.log(`Dev server on http://localhost:${server.port}`);
