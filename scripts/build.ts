// Production build of the SPA: route tree, bundle with React's production build, precompressed copies.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const root = join(import.meta.dir, "..");
const outdir = join(root, "dist");
const started = performance.now();

const tsr = Bun.spawnSync(["bun", "x", "tsr", "generate"], {
  cwd: root,
  stdout: "inherit",
  stderr: "inherit",
});
if (tsr.exitCode !== 0) process.exit(tsr.exitCode ?? 1);

rmSync(outdir, { recursive: true, force: true });
const result = await Bun.build({
  entrypoints: [join(root, "web/index.html")],
  outdir,
  minify: true,
  sourcemap: "linked",
  splitting: true,
  define: { "process.env.NODE_ENV": '"production"' },
  naming: { entry: "[name].[ext]", chunk: "[name]-[hash].[ext]", asset: "[name]-[hash].[ext]" },
});
if (!result.success) {
  for (const log of result.logs) console.error(log);
  process.exit(1);
}

let raw = 0;
let gzipped = 0;
for (const output of result.outputs) {
  if (!/\.(js|css|html|svg|json)$/.test(output.path)) continue;
  const bytes = new Uint8Array(await output.arrayBuffer());
  const gz = gzipSync(bytes, { level: 9 });
  await Bun.write(`${output.path}.gz`, gz);
  await Bun.write(
    `${output.path}.br`,
    brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  if (!output.path.endsWith(".map")) {
    raw += bytes.length;
    gzipped += gz.length;
  }
}
console.log(
  `Built dist/ in ${Math.round(performance.now() - started)} ms: ${(raw / 1024).toFixed(0)} KB, ${(gzipped / 1024).toFixed(0)} KB gzip`,
);
