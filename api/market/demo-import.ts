import { parse } from "csv-parse/sync";
import type { Database } from "../../db/client.ts";

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

/** The rows of the bundled `securities.csv` (header skipped), as RFC 4180 reads them: `"Foo ""Bar"" Inc"` is `Foo "Bar" Inc`. */
export function securityRows(text: string): string[][] {
  return parse(text, { from_line: 2, skip_empty_lines: true }) as string[][];
}

/**
 * Loads the bundled demo market into the database, idempotently (existing rows are kept). Runtime code reads
 * only the tables, so a Worker without a file system serves the same data once this ran against its database.
 */
export async function importDemoMarket(
  database: Database,
  files: DemoMarketFiles,
  options: ImportOptions = {},
): Promise<{ securities: number; bars: number }> {
  const wanted = options.symbols ? new Set([...options.symbols, BENCHMARK]) : null;
  const securities = securityRows(files.securitiesCsv).filter(([symbol]) => !wanted || wanted.has(symbol!));

  const statements: Array<{ sql: string; args: Array<string | number> }> = [];
  for (let i = 0; i < securities.length; i += ROWS_PER_STATEMENT) {
    const chunk = securities.slice(i, i + ROWS_PER_STATEMENT);
    statements.push({
      sql: `insert or ignore into securities (symbol, name, sector, industry) values ${chunk.map(() => "(?,?,?,?)").join(",")}`,
      args: chunk.flatMap((c) => [c[0]!, c[1]!, c[2]!, c[3]!]),
    });
  }

  let bars = 0;
  let pending: Array<string | number> = [];
  const flush = () => {
    if (!pending.length) return;
    const count = pending.length / 8;
    statements.push({
      sql: `insert or ignore into daily_prices (symbol, date, open, high, low, close, adj_close, volume) values ${Array.from({ length: count }, () => "(?,?,?,?,?,?,?,?)").join(",")}`,
      args: pending,
    });
    pending = [];
  };
  for (const c of priceRows(files.pricesCsv)) {
    if (wanted && !wanted.has(c[0]!)) continue;
    if (options.from && c[1]! < options.from) continue;
    pending.push(c[0]!, c[1]!, +c[2]!, +c[3]!, +c[4]!, +c[5]!, +c[6]!, +c[7]!);
    bars++;
    if (pending.length >= ROWS_PER_STATEMENT * 8) flush();
  }
  flush();
  await database.client.batch(statements, "write");
  return { securities: securities.length, bars };
}

/** The demo market's benchmark: the S&P 500 index. */
export const BENCHMARK = "^GSPC";

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
