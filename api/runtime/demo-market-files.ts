import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import type { DemoMarketFiles } from "../market/demo-import.ts";

const dir = join(import.meta.dir, "../../data/market");

/** Reads the bundled demo market (data/market/, see data/README.md) for the importer. */
export async function readDemoMarketFiles(): Promise<DemoMarketFiles> {
  const [securitiesCsv, gz] = await Promise.all([
    Bun.file(join(dir, "securities.csv")).text(),
    Bun.file(join(dir, "prices.csv.gz")).arrayBuffer(),
  ]);
  return { securitiesCsv, pricesCsv: gunzipSync(new Uint8Array(gz)).toString("utf8") };
}
