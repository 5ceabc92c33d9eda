import { describe, expect, test } from "bun:test";
import { priceRows, securityRows } from "./demo-import.ts";

describe("reading the bundled demo market files", () => {
  test("securities.csv is read as RFC 4180: a doubled quote inside a quoted cell is one quote, commas stay", () => {
    const csv = [
      "symbol,name,sector,industry",
      '"FOO","Foo ""Bar"" Inc","Industrials","Widgets, Gadgets & Co"',
      '"BRK.B","Berkshire Hathaway","Financials","Multi-Sector Holdings"',
      "",
    ].join("\n");
    expect(securityRows(csv)).toEqual([
      ["FOO", 'Foo "Bar" Inc', "Industrials", "Widgets, Gadgets & Co"],
      ["BRK.B", "Berkshire Hathaway", "Financials", "Multi-Sector Holdings"],
    ]);
  });

  test("prices rows: every line after the header, split on commas, the last line with or without a newline", () => {
    const csv =
      "symbol,date,open,high,low,close,adj_close,volume\nAAA,2023-10-27,1,2,0.5,1.5,1.4,100\n^GSPC,2023-10-27,1,1,1,1,1,0";
    expect([...priceRows(csv)]).toEqual([
      ["AAA", "2023-10-27", "1", "2", "0.5", "1.5", "1.4", "100"],
      ["^GSPC", "2023-10-27", "1", "1", "1", "1", "1", "0"],
    ]);
  });
});
