// Development shell: the API plus the SPA bundled on the fly by Bun from web/index.html.
// Run through `bun run dev`, which also regenerates the route tree on change (tsr watch) and restarts
// this process when server code changes (bun --watch). Browser HMR stays off: with it the router crashed
// (see ../shared/STACK-NOTES.md), so the page reloads instead.
import { join } from "node:path";
import index from "../web/index.html";
import { createApp } from "./app.ts";
import { demoAccountsEnabled, parseEnv } from "./lib/config.ts";
import { API_REFERENCE_SCRIPT_PATH } from "./lib/security-headers.ts";
import { configureMarket } from "./market/configure.ts";
import { buildBunDeps } from "./runtime/bun-deps.ts";
import { readDemoMarketFiles } from "./runtime/demo-market-files.ts";
import { formatSeedReport, seedDemo } from "./seed/seed.ts";

const env = parseEnv(process.env);
const deps = await buildBunDeps(env);
if (env.SEED_ON_START)
  console.log(
    formatSeedReport(
      await seedDemo(deps, {
        demoMarketFiles: readDemoMarketFiles,
        marketAsOf: env.MARKET_AS_OF,
        demoAccounts: demoAccountsEnabled(env),
      }),
    ),
  );
await configureMarket(deps, env);
const app = createApp(deps);

const server = Bun.serve({
  port: env.PORT,
  development: { hmr: false, console: true },
  routes: {
    "/api/*": (request, srv) => app.fetch(request, srv),
    "/health": (request, srv) => app.fetch(request, srv),
    // The production build copies this file into dist/; here it comes straight from the pinned package.
    [API_REFERENCE_SCRIPT_PATH]: () =>
      new Response(
        Bun.file(join(import.meta.dir, "../node_modules/@scalar/api-reference/dist/browser/standalone.js")),
      ),
    "/*": index,
  },
});
console.log(`Dev server on http://localhost:${server.port}`);
