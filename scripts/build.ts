// Production build of the SPA: route tree, bundle with React's production build, the public files (favicon,
// robots.txt), the API reference's script from its pinned package and its Trusted Types policy, Cloudflare's
// _headers, precompressed copies.
// Source maps go to dist-sourcemaps/, beside dist/ and never served (decision note 020).
import { cpSync, mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import { basename, join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import {
  API_REFERENCE_SCRIPT_PATH,
  staticAssetsHeadersFile,
  TRUSTED_TYPES_SCRIPT_PATH,
} from "../api/lib/security-headers.ts";
import { bundleTrustedTypesScript } from "../api/runtime/trusted-types-script.ts";
import { parseCli } from "./cli/args.ts";

parseCli({
  usage: `usage: bun scripts/build.ts   (bun run build)

Builds the SPA into dist/ (React production build, precompressed .br/.gz; source maps in dist-sourcemaps/).
Takes no arguments.`,
});

const root = join(import.meta.dir, "..");
const outdir = join(root, "dist");
const sourcemapDir = join(root, "dist-sourcemaps");
const started = performance.now();

// The answers the dashboard's first paint waits for (the user and the Latest cards), and the header's (the market's
// date, the bell's count), start with the HTML, beside the entry, not once it has run: main.tsx asks for the same
// addresses with the same mode and credentials, and the browser hands it these (decisions 152, 153).
const DASHBOARD_ANSWERS = [
  "/api/auth/user",
  "/api/recommendations/latest",
  "/api/market/status",
  "/api/notifications/alerts",
];
// The historical tab's document leaves out the Latest cards: its table does not wait for them, and on a phone's
// link every early request takes bandwidth from the entry (decision 171). main.tsx still asks for them, once it runs.
const HISTORICAL_ANSWERS = DASHBOARD_ANSWERS.filter((path) => path !== "/api/recommendations/latest");

const fetchPreloads = (paths: string[]) =>
  paths
    .map((path) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${path}">`)
    .join("");

const tsr = Bun.spawnSync(["bun", "x", "tsr", "generate"], {
  cwd: root,
  stdout: "inherit",
  stderr: "inherit",
});
if (tsr.exitCode !== 0) process.exit(tsr.exitCode ?? 1);

rmSync(outdir, { recursive: true, force: true });
rmSync(sourcemapDir, { recursive: true, force: true });
const result = await Bun.build({
  entrypoints: [join(root, "web/index.html")],
  outdir,
  minify: true,
  // External: no sourceMappingURL comment pointing at a file that is not served.
  sourcemap: "external",
  splitting: true,
  // Absolute URLs in index.html: the same page is served at /dashboard/extra, where ./index.js would miss.
  publicPath: "/",
  define: { "process.env.NODE_ENV": '"production"' },
  naming: { entry: "[name].[ext]", chunk: "[name]-[hash].[ext]", asset: "[name]-[hash].[ext]" },
});
if (!result.success) {
  for (const log of result.logs) console.error(log);
  process.exit(1);
}

mkdirSync(sourcemapDir, { recursive: true });
for (const output of result.outputs) {
  if (output.path.endsWith(".map")) renameSync(output.path, join(sourcemapDir, basename(output.path)));
}

cpSync(join(root, "web/public"), outdir, { recursive: true });
// Scalar's standalone bundle, from the exact version bun.lock pins, served from our own origin.
const apiReferenceScript = join(outdir, API_REFERENCE_SCRIPT_PATH);
mkdirSync(join(apiReferenceScript, ".."), { recursive: true });
cpSync(join(root, "node_modules/@scalar/api-reference/dist/browser/standalone.js"), apiReferenceScript);
await Bun.write(join(outdir, TRUSTED_TYPES_SCRIPT_PATH), await bundleTrustedTypesScript());
await Bun.write(join(outdir, "_headers"), staticAssetsHeadersFile());

const appFiles = new Set(result.outputs.map((o) => o.path).filter((p) => !p.endsWith(".map")));
await writeStylesheetUnlowered(join(outdir, "index.html"), appFiles);
await drawBootRowBeforeStylesheet(join(outdir, "index.html"));
const graph = await chunkGraph(
  outdir,
  [...appFiles].filter((p) => p.endsWith(".js")).map((p) => basename(p)),
);
if (!graph.entry) {
  console.error("index.html names no script");
  process.exit(1);
}
const dashboardPreloads = await writeDashboardDocument(outdir, graph);
const historicalPreloads = await writeHistoricalDocument(outdir, graph, dashboardPreloads, appFiles);
let raw = 0;
let gzipped = 0;
const gzipSizes = new Map<string, number>();
for (const path of readdirSync(outdir, { recursive: true, encoding: "utf8" }).map((p) => join(outdir, p))) {
  if (!/\.(js|css|html|svg|json|txt|ico)$/.test(path)) continue;
  const bytes = new Uint8Array(await Bun.file(path).arrayBuffer());
  const gz = gzipSync(bytes, { level: 9 });
  await Bun.write(`${path}.gz`, gz);
  // Quality 11 takes seconds on the 4 MB API reference bundle; 9 is within a few percent.
  const quality = bytes.length > 2_000_000 ? 9 : 11;
  await Bun.write(
    `${path}.br`,
    brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } }),
  );
  if (appFiles.has(path)) {
    raw += bytes.length;
    gzipped += gz.length;
    gzipSizes.set(basename(path), gz.length);
  }
}
console.log(
  `Built dist/ in ${Math.round(performance.now() - started)} ms: ${(raw / 1024).toFixed(0)} KB, ${(gzipped / 1024).toFixed(0)} KB gzip`,
);

const report = await routeChunkReport(outdir, graph, gzipSizes);
report.lines.push(
  `  dashboard.html preloads ${dashboardPreloads.length} files, ${(dashboardPreloads.reduce((sum, f) => sum + (gzipSizes.get(f) ?? 0), 0) / 1024).toFixed(1)} KB gzip`,
);
report.lines.push(
  `  dashboard/historical.html adds ${historicalPreloads.length} files, ${(historicalPreloads.reduce((sum, f) => sum + (gzipSizes.get(f) ?? 0), 0) / 1024).toFixed(1)} KB gzip`,
);
for (const line of report.lines) console.log(line);
if (report.problems.length) {
  for (const problem of report.problems) console.error(problem);
  process.exit(1);
}

/**
 * The stylesheet again, built for the browsers Mantine supports rather than Bun's default targets for the browser
 * (Chrome 80, Safari 14, Firefox 78), which Bun 1.4 has no option to change: it splits Mantine's `:where()` lists into
 * a rule each, spells `:is()` three times with prefixes and writes logical properties twice for right-to-left
 * languages, 223 KB where Mantine's own CSS minifies to 131 KB. The stylesheet blocks the first paint, so the
 * browser parses all of it before drawing anything. Bun's `bun` target does not lower; the file keeps the browser
 * build's place and gets a name from its own content (decision 172).
 */
async function writeStylesheetUnlowered(indexHtml: string, files: Set<string>) {
  const lowered = [...files].filter((p) => p.endsWith(".css"));
  if (lowered.length !== 1) throw new Error(`expected one stylesheet in the build, found ${lowered.length}`);
  const built = await Bun.build({ entrypoints: [join(root, "web/styles.css")], minify: true, target: "bun" });
  const css = built.outputs[0];
  if (!built.success || !css) throw new AggregateError(built.logs, "web/styles.css did not build");
  const text = await css.text();
  const name = `index-${Bun.hash(text).toString(36).slice(0, 8)}.css`;
  await Bun.write(join(outdir, name), text);
  rmSync(lowered[0]!);
  files.delete(lowered[0]!);
  files.add(join(outdir, name));
  const html = await Bun.file(indexHtml).text();
  await Bun.write(indexHtml, html.replaceAll(`/${basename(lowered[0]!)}`, `/${name}`));
}

/**
 * Moves the stylesheet's link, which Bun writes into the head, into the body between the boot row and the root. A
 * stylesheet in the head holds every paint until it has loaded; one in the body holds only what follows it, so the
 * browser draws the boot row (styled in index.html itself) as soon as it has the HTML. The module script still waits
 * for it, as for every stylesheet the parser found, so the app never draws unstyled; and the root follows it, so the
 * theme's styles Mantine writes into the root still come after the stylesheet's defaults (decision 153). A preload
 * at the head's top still asks for it first.
 */
async function drawBootRowBeforeStylesheet(path: string) {
  const html = await Bun.file(path).text();
  const links = html.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
  const root = '<div id="root"></div>';
  if (links.length !== 1 || !html.includes(root))
    throw new Error(
      `index.html: expected one stylesheet link and an empty root, found ${links.length} links`,
    );
  // Asked for first: in the body, the preload scanner reached it after the head's script and preloads, 21 requests
  // on the dashboard, and over HTTP/1.1's six connections it waited for one (decision 169).
  const href = /href="([^"]+)"/.exec(links[0]!)?.[1];
  if (!href || !html.includes("<title>")) throw new Error("index.html: no stylesheet href or no <title>");
  const preload = `<link rel="preload" as="style" crossorigin href="${href}">`;
  await Bun.write(
    path,
    html.replace(links[0]!, "").replace("<title>", `${preload}<title>`).replace(root, `${links[0]}${root}`),
  );
}

type ChunkGraph = Awaited<ReturnType<typeof chunkGraph>>;

/**
 * The built JavaScript's static imports (`import"/x.js"`, `from"/x.js"`; an `import("/x.js")` is loaded later, on
 * demand), the entry index.html names, and what a chunk brings with it beyond the entry and its imports.
 */
async function chunkGraph(dir: string, names: string[]) {
  const html = await Bun.file(join(dir, "index.html")).text();
  const entry = /<script[^>]+src="\/([^"]+\.js)"/.exec(html)?.[1];
  const imports = new Map<string, string[]>();
  for (const name of names) {
    const text = await Bun.file(join(dir, name)).text();
    imports.set(
      name,
      [...text.matchAll(/(?:from|import)\s*"\/([^"]+\.js)"/g)].map((m) => m[1]!),
    );
  }
  const closure = (start: string, seen = new Set<string>()) => {
    if (seen.has(start)) return seen;
    seen.add(start);
    for (const next of imports.get(start) ?? []) closure(next, seen);
    return seen;
  };
  const shell = entry ? closure(entry) : new Set<string>();
  return {
    html,
    entry,
    imports,
    closure,
    shell,
    extra: (chunk: string) => [...closure(chunk)].filter((f) => !shell.has(f)),
    lazyChunk: (route: string) => names.find((f) => f.startsWith(`${route}.lazy-`)),
  };
}

/** The files the lazy chunks of `routes` load beyond the entry and its imports, each once. */
function routeFiles(graph: ChunkGraph, routes: string[]): string[] {
  const files = new Set<string>();
  for (const route of routes) {
    const chunk = graph.lazyChunk(route);
    if (!chunk) throw new Error(`no lazy chunk for the ${route} route`);
    for (const file of graph.extra(chunk)) files.add(file);
  }
  return [...files];
}

/**
 * dashboard.html: index.html with a `modulepreload` for each file the dashboard's Latest tab loads beyond the entry,
 * and a `preload` of the current user, the Latest tab's cards and the header's answers, so the browser fetches them
 * beside the entry instead of once it has run (decisions 149, 152, 153). The servers answer it
 * for the dashboard's addresses (api/lib/static-paths.ts); other pages keep index.html and load none of it.
 */
async function writeDashboardDocument(dir: string, graph: ChunkGraph): Promise<string[]> {
  // The lazy routes /dashboard renders: the signed-in header's layout, the tab strip, the Latest tab.
  const files = routeFiles(graph, ["_app", "dashboard", "dashboard._latestTab"]);
  const links =
    fetchPreloads(DASHBOARD_ANSWERS) +
    [...files].map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`).join("");
  if (!graph.html.includes("</head>")) throw new Error("index.html has no </head>");
  await Bun.write(join(dir, "dashboard.html"), graph.html.replace("</head>", `${links}</head>`));
  return files;
}

/**
 * dashboard/historical.html, the historical tab's own document (decisions 157, 171): index.html with, first, an early
 * script (web/preload-historical.ts) that asks for the tab's first answer as soon as it arrives, beside the entry;
 * the preloads of the user's and the header's answers; and a `modulepreload` of each file the tab's routes load
 * beyond the entry, at low priority: they are run only after the entry, which on a phone's link shared the bandwidth
 * with them and came last, and the tab's answer waited for a connection behind them. The Bun server answers it for
 * /dashboard/historical (spaDocumentFileFor); Cloudflare's assets find it by its name.
 */
async function writeHistoricalDocument(
  dir: string,
  graph: ChunkGraph,
  dashboardFiles: string[],
  appFiles: Set<string>,
): Promise<string[]> {
  const routes = routeFiles(graph, ["_app", "dashboard", "dashboard.historical"]);
  const files = routes.filter((f) => !dashboardFiles.includes(f));
  const early = await Bun.build({
    entrypoints: [join(root, "web/preload-historical.ts")],
    outdir: dir,
    minify: true,
    sourcemap: "external",
    target: "browser",
    define: { "process.env.NODE_ENV": '"production"' },
    naming: { entry: "[name]-[hash].[ext]" },
  });
  if (!early.success) throw new AggregateError(early.logs, "web/preload-historical.ts did not build");
  let script = "";
  for (const output of early.outputs) {
    if (output.path.endsWith(".map")) renameSync(output.path, join(sourcemapDir, basename(output.path)));
    else {
      appFiles.add(output.path);
      script = basename(output.path);
    }
  }
  // Asked for first and at high priority: an async script is otherwise a low one, queued behind the preloads.
  const tag = `<script async fetchpriority="high" src="/${script}"></script>`;
  const links = routes
    .map((f) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${f}">`)
    .join("");
  if (!graph.html.includes("<title>")) throw new Error("index.html has no <title>");
  mkdirSync(join(dir, "dashboard"), { recursive: true });
  await Bun.write(
    join(dir, "dashboard", "historical.html"),
    graph.html
      .replace("<title>", `${tag}<title>`)
      .replace("</head>", `${fetchPreloads(HISTORICAL_ANSWERS)}${links}</head>`),
  );
  return [script, ...files];
}

/**
 * What each page loads, from the built files: the entry named by index.html with its static imports, then each
 * lazy route's chunk with the static imports the entry does not already bring, and the toast container that the
 * first toast loads. Fails the build when the landing page passes its budget or carries zod (decision 025), or any
 * JavaScript file carries zod-to-openapi (decision 078).
 */
async function routeChunkReport(dir: string, graph: ChunkGraph, gzip: Map<string, number>) {
  const LANDING_BUDGET_GZIP = 150 * 1024;
  const { entry, imports, shell, extra, lazyChunk } = graph;
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const total = (files: Iterable<string>) => [...files].reduce((sum, f) => sum + (gzip.get(f) ?? 0), 0);
  const lines = [`JavaScript per page, gzip (entry ${entry} and its imports: ${kb(total(shell))})`];
  // The landing page is in the entry (decision 047); a lazy "/" chunk, if one comes back, is counted with it.
  const landingChunk = lazyChunk("index");
  const landingFiles = new Set([...shell, ...(landingChunk ? extra(landingChunk) : [])]);
  const landing = total(landingFiles);
  lines.push(
    `  landing page /: ${kb(landing)} in ${landingFiles.size} files (budget ${kb(LANDING_BUDGET_GZIP)})`,
  );
  const later = [...imports.keys()]
    .filter((f) => /\.lazy-|^toaster-|^signed-in-home-|-tab-[a-z0-9]+\.js$/.test(f))
    .sort();
  for (const chunk of later)
    lines.push(`  + ${chunk.replace(/-[a-z0-9]+\.js$/, "")}: ${kb(total(extra(chunk)))}`);
  const problems: string[] = [];
  if (landing > LANDING_BUDGET_GZIP)
    problems.push(
      `The landing page loads ${kb(landing)} of gzip JavaScript, over its ${kb(LANDING_BUDGET_GZIP)}.`,
    );
  const zodFiles: string[] = [];
  for (const name of imports.keys()) {
    const text = await Bun.file(join(dir, name)).text();
    // zod names its classes "$ZodType", "$ZodString"...: the landing page may not carry the schema library; the
    // forms' lazy chunks may, for the API's request schemas (decision 078).
    if (text.includes('"$ZodType"')) {
      zodFiles.push(`${name} (${kb(gzip.get(name) ?? 0)})`);
      if (landingFiles.has(name))
        problems.push(`${name} carries zod and loads with the landing page (decisions 025 and 078).`);
    }
    // zod-to-openapi's own error text: no page needs the OpenAPI generator; *.input.ts modules keep it out.
    if (text.includes("Enum has mixed string and number values"))
      problems.push(`${name} carries zod-to-openapi: the web takes request schemas only from *.input.ts.`);
  }
  lines.push(`  zod (forms' request schemas, not the landing page): ${zodFiles.join(", ") || "none"}`);
  return { lines, problems };
}
