// `bun scripts/build-demo-market.ts [sharedDataDir]`: turns the recorded daily prices and company list in
// ../shared/data into the compact demo market committed under data/market/ (see data/README.md).
// Real values only: prices are rounded, never invented or filled.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { parse } from "csv-parse/sync";
import { parseCli } from "./cli/args.ts";

const { positionals, values } = parseCli({
  usage: `usage: bun scripts/build-demo-market.ts [--out dir] [sharedDataDir]

Rebuilds data/market/ and data/history/ from the recorded prices and company list in sharedDataDir
(default ../shared/data).

  --out dir  write market/ and history/ under dir instead of data/`,
  options: { out: { type: "string" } },
  maxPositionals: 1,
});
const shared = positionals[0] ?? join(import.meta.dir, "../../shared/data");
if (!existsSync(join(shared, "prices-daily"))) {
  console.error(`${shared} has no prices-daily/ folder: name the shared data directory.`);
  process.exit(2);
}
const dataDir = values.out ?? join(import.meta.dir, "../data");
const out = join(dataDir, "market");
/** The years before the demo market, for training and evaluating the model only (never imported by the app). */
const historyOut = join(dataDir, "history");
/** Ten years ending on the data's last day. */
const FROM = "2013-10-28";
const BENCHMARK_FILE = "GSPC";
export const BENCHMARK_SYMBOL = "^GSPC";

/** The rows of a CSV file after its header (RFC 4180: quoted cells, doubled quotes, commas and line breaks inside). */
function csvRows(file: string): string[][] {
  return parse(readFileSync(file, "utf8"), {
    from_line: 2,
    skip_empty_lines: true,
    relax_column_count: true,
  });
}

/** One securities.csv cell, always quoted, a quote inside doubled (what demo-import's reader takes back). */
const quoted = (cell: string) => `"${cell.replaceAll('"', '""')}"`;

/** The prices files are read without a CSV parser (api/market/demo-import.ts priceRows), so no cell may need quotes. */
function plainCell(cell: string): string {
  if (/[",\r\n]/.test(cell)) throw new Error(`A prices cell would need quotes: ${JSON.stringify(cell)}`);
  return cell;
}

const round = (n: number, digits: number) => Number(n.toFixed(digits));

// Companies: names, sectors and industries from the current S&P 500 list; members that have left it since from
// the same list as of the demo market's last day (committed in data/companies/); any others from sectors.csv.
const companies = new Map<string, { name: string; sector: string; industry: string }>();
for (const [symbol, name, sector] of csvRows(join(shared, "prices-daily/sectors.csv"))) {
  companies.set(symbol!, { name: name!, sector: sector!, industry: "N/A" });
}
for (const file of [
  join(import.meta.dir, "../data/companies/constituents-2023-10-26.csv"),
  join(shared, "companies/constituents.csv"),
]) {
  for (const [symbol, name, sector, industry] of csvRows(file)) {
    companies.set(symbol!, { name: name!, sector: sector!, industry: industry! });
  }
}

const HEADER = "symbol,date,open,high,low,close,adj_close,volume";
const lines = [HEADER];
const older = [HEADER];
const securities = ["symbol,name,sector,industry"];
let rows = 0;
const files = readdirSync(join(shared, "prices-daily"))
  .filter((f) => f.endsWith(".csv") && f !== "sectors.csv")
  .sort();
for (const file of files) {
  const raw = file.replace(/\.csv$/, "");
  const symbol = raw === BENCHMARK_FILE ? BENCHMARK_SYMBOL : raw.replaceAll("-", ".");
  for (const [date, open, high, low, close, volume, adjusted] of csvRows(
    join(shared, "prices-daily", file),
  )) {
    if (!date) continue;
    const values = [open, high, low, close, adjusted].map(Number);
    if (values.some((v) => !Number.isFinite(v))) continue;
    (date < FROM ? older : lines).push(
      [
        plainCell(symbol),
        plainCell(date),
        round(values[0]!, 2),
        round(values[1]!, 2),
        round(values[2]!, 2),
        round(values[3]!, 2),
        round(values[4]!, 4),
        Math.round(Number(volume)),
      ].join(","),
    );
    if (date >= FROM) rows++;
  }
  const company =
    symbol === BENCHMARK_SYMBOL
      ? { name: "S&P 500 Index", sector: "Index", industry: "N/A" }
      : (companies.get(symbol) ?? { name: symbol, sector: "N/A", industry: "N/A" });
  securities.push([symbol, company.name, company.sector, company.industry].map(quoted).join(","));
}

const prices = gzipSync(Buffer.from(`${lines.join("\n")}\n`), { level: 9 });
await Bun.write(join(out, "prices.csv.gz"), prices);
await Bun.write(join(out, "securities.csv"), `${securities.join("\n")}\n`);
const history = gzipSync(Buffer.from(`${older.join("\n")}\n`), { level: 9 });
await Bun.write(join(historyOut, "prices-before-2013-10-28.csv.gz"), history);
console.log(
  `Wrote ${rows.toLocaleString("en-US")} daily bars of ${files.length} series from ${FROM}: ` +
    `prices.csv.gz ${(prices.length / 1024 / 1024).toFixed(1)} MB, securities.csv ${securities.length - 1} rows; ` +
    `${(older.length - 1).toLocaleString("en-US")} older bars in data/history (${(history.length / 1024 / 1024).toFixed(1)} MB)`,
);
