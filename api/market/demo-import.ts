import { parse } from "csv-parse/sync";
import type { Database } from "../../db/client.ts";
import { BENCHMARK } from "./benchmark.ts";

export interface DemoMarketFiles {
  /** `symbol,name,sector,industry` with quoted cells. */
  securitiesCsv: string;
  /** `symbol,date,open,high,low,close,adj_close,volume`. */
  pricesCsv: string;
}

export interface ImportOptions {
  /** Only these symbols (the benchmark is always kept); all when absent. */
  symbols?: readonly string[];
  /** Only bars on or after this date. */
  from?: string;
}

const ROWS_PER_STATEMENT = 500;
/**
 * Bars sent in one request (one batch, one transaction): about 1.5 MB to a libSQL server, a fraction of a second,
 * so each finishes well inside the 5 s request deadline (the whole market in one request was 144 MB).
 */
export const BARS_PER_REQUEST = 5_000;

/** The rows of the bundled `securities.csv` (header skipped), as RFC 4180 reads them: `"Foo ""Bar"" Inc"` is `Foo "Bar" Inc`. */
export function securityRows(text: string): string[][] {
  return parse(text, { from_line: 2, skip_empty_lines: true }) as string[][];
}

/**
 * Loads the bundled demo market into the database, idempotently (existing rows are kept), in batches of
 * BARS_PER_REQUEST bars, each its own transaction. Resumable: the bars of each symbol go in date order, so a symbol's
 * stored bars are those up to its latest stored date, and a rerun sends only the later ones. The securities go
 * last: a database with any security holds the whole market (seedDemo's check). Runtime code reads only the
 * tables, so a Worker without a file system serves the same data once this ran against its database.
 */
export async function importDemoMarket(
  database: Database,
  files: DemoMarketFiles,
  options: ImportOptions = {},
): Promise<{ securities: number; bars: number }> {
  const wanted = options.symbols ? new Set([...options.symbols, BENCHMARK]) : null;
  const securities = securityRows(files.securitiesCsv).filter(([symbol]) => !wanted || wanted.has(symbol!));
  const stored = new Map(
    (
      await database.client.execute("select symbol, max(date) as last from daily_prices group by symbol")
    ).rows.map((row) => [String(row.symbol), String(row.last)]),
  );

  let bars = 0;
  let pending: Array<string | number> = [];
  let request: Array<{ sql: string; args: Array<string | number> }> = [];
  let requestBars = 0;
  const flush = () => {
    if (!pending.length) return;
    const count = pending.length / 8;
    request.push({
      sql: `insert or ignore into daily_prices (symbol, date, open, high, low, close, adj_close, volume) values ${Array.from({ length: count }, () => "(?,?,?,?,?,?,?,?)").join(",")}`,
      args: pending,
    });
    requestBars += count;
    pending = [];
  };
  const send = async () => {
    flush();
    if (request.length) await database.client.batch(request, "write");
    request = [];
    requestBars = 0;
  };
  const lastDate = new Map<string, string>();
  for (const c of priceRows(files.pricesCsv)) {
    const [symbol, date] = [c[0]!, c[1]!];
    if (wanted && !wanted.has(symbol)) continue;
    if (options.from && date < options.from) continue;
    const previous = lastDate.get(symbol);
    if (previous !== undefined && date <= previous) {
      throw new Error(`prices.csv: ${symbol}'s bars must go in date order (${date} after ${previous})`);
    }
    lastDate.set(symbol, date);
    bars++;
    const last = stored.get(symbol);
    if (last !== undefined && date <= last) continue;
    pending.push(symbol, date, +c[2]!, +c[3]!, +c[4]!, +c[5]!, +c[6]!, +c[7]!);
    if (pending.length >= ROWS_PER_STATEMENT * 8) flush();
    if (requestBars >= BARS_PER_REQUEST) await send();
  }
  await send();
  for (let i = 0; i < securities.length; i += ROWS_PER_STATEMENT) {
    const chunk = securities.slice(i, i + ROWS_PER_STATEMENT);
    request.push({
      sql: `insert or ignore into securities (symbol, name, sector, industry) values ${chunk.map(() => "(?,?,?,?)").join(",")}`,
      args: chunk.flatMap((c) => [c[0]!, c[1]!, c[2]!, c[3]!]),
    });
  }
  await send();
  return { securities: securities.length, bars };
}

/**
 * The cells of each row of a bundled prices CSV (header skipped), read without splitting the text into lines first.
 * Not a general CSV reader on purpose: scripts/build-demo-market.ts writes these files with no quoted cell (it
 * refuses a symbol that would need quotes), and half a million rows read here in a tenth of csv-parse's time
 * (docs/decisions/044).
 */
export function* priceRows(text: string): Generator<string[]> {
  let start = text.indexOf("\n") + 1;
  while (start < text.length) {
    let end = text.indexOf("\n", start);
    if (end === -1) end = text.length;
    const line = text.slice(start, end);
    start = end + 1;
    if (line) yield line.split(",");
  }
}
