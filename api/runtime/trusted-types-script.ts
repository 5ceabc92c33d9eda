import { join } from "node:path";

/**
 * web/lib/trusted-types.ts bundled on its own as a classic script, for the API reference page (the SPA imports it
 * itself): the build writes it into dist/, the dev server answers it on the fly.
 */
export async function bundleTrustedTypesScript(): Promise<Blob> {
  const result = await Bun.build({
    entrypoints: [join(import.meta.dir, "../../web/lib/trusted-types.ts")],
    format: "iife",
    minify: true,
    target: "browser",
  });
  const [script] = result.outputs;
  if (!result.success || !script)
    throw new AggregateError(result.logs, "bundling the Trusted Types policy failed");
  return script;
}
