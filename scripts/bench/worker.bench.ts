import { join } from "node:path";
import { buildWorkerBundle, workerModuleBytes } from "./workerd-direct.ts";

const root = join(import.meta.dir, "../..");

/**
 * The Worker's modules as `wrangler deploy --dry-run` builds them: their total size raw and gzip (limit 3 MB
 * compressed, free plan).
 */
export async function benchWorkerBundle(): Promise<Record<string, string>> {
  const built = buildWorkerBundle(join(root, "dist-worker"));
  if ("error" in built) return { "worker bundle": built.error };
  const { raw, gzip } = workerModuleBytes(built);
  return {
    "worker bundle (api/worker.ts)": `${(raw / 1024).toFixed(0)} KB raw, ${(gzip / 1024).toFixed(0)} KB gzip in ${built.names.length} modules (limit 3 MB gzip on the free plan)`,
  };
}
