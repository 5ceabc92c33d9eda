import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { buildWorkerBundle } from "./workerd-direct.ts";

const root = join(import.meta.dir, "../..");

/** The Worker bundle as `wrangler deploy --dry-run` builds it: raw and gzip size (limit 3 MB compressed, free plan). */
export async function benchWorkerBundle(): Promise<Record<string, string>> {
  const built = buildWorkerBundle(join(root, "dist-worker"));
  if ("error" in built) return { "worker bundle": built.error };
  const bytes = new Uint8Array(await Bun.file(built.file).arrayBuffer());
  return {
    "worker bundle (api/worker.ts)": `${(bytes.length / 1024).toFixed(0)} KB raw, ${(gzipSync(bytes).length / 1024).toFixed(0)} KB gzip (limit 3 MB gzip on the free plan)`,
  };
}
