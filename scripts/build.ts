// Production build of the SPA: route tree, bundle with React's production build, the public files (favicon,
// robots.txt), the API reference's script from its pinned package, Cloudflare's _headers, precompressed copies.
// Source maps go to dist-sourcemaps/, beside dist/ and never served (decision note 020).
import { cpSync, mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import { basename, join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { API_REFERENCE_SCRIPT_PATH, staticAssetsHeadersFile } from "../api/lib/security-headers.ts";

const root = join(import.meta.dir, "..");
const outdir = join(root, "dist");
const sourcemapDir = join(root, "dist-sourcemaps");
const started = performance.now();

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
await Bun.write(join(outdir, "_headers"), staticAssetsHeadersFile());

const appFiles = new Set(result.outputs.map((o) => o.path).filter((p) => !p.endsWith(".map")));
let raw = 0;
let gzipped = 0;
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
  }
}
console.log(
  `Built dist/ in ${Math.round(performance.now() - started)} ms: ${(raw / 1024).toFixed(0)} KB, ${(gzipped / 1024).toFixed(0)} KB gzip`,
);
