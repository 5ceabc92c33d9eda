import { describe, expect, test } from "bun:test";
import { buildMembership, INDEX_MEMBERSHIP, isMemberOn } from "./index-membership.ts";

const intervals = `ticker,start_date,end_date
NEW,2022-06-28,
OLD,2002-07-25,2022-06-28
OLDER,1999-06-09,2004-12-01
GONE,2001-01-02,2010-05-03
BACK,2001-01-02,2005-01-03
BACK,2008-01-02,
REUSED,2015-01-02,`;
const renames = `symbol,former_symbol,renamed_on
NEW,OLD,2022-06-28
OLD,OLDER,2014-12-03
OTHER,REUSED,2010-01-04`;

describe("point-in-time index membership", () => {
  const m = buildMembership({ intervalsCsv: intervals, renamesCsv: renames }, "2025-11-16");

  test("a spell counts from its start up to, not including, its end", () => {
    expect(isMemberOn("GONE", "2001-01-02", m)).toBe(true);
    expect(isMemberOn("GONE", "2010-05-02", m)).toBe(true);
    expect(isMemberOn("GONE", "2010-05-03", m)).toBe(false);
    expect(isMemberOn("GONE", "2000-12-29", m)).toBe(false);
    expect(isMemberOn("UNKNOWN", "2010-01-04", m)).toBe(false);
  });

  test("an open spell lasts, and a stock can leave and come back", () => {
    expect(isMemberOn("NEW", "2030-01-02", m)).toBe(true);
    expect(isMemberOn("BACK", "2006-06-01", m)).toBe(false);
    expect(isMemberOn("BACK", "2009-06-01", m)).toBe(true);
  });

  test("a renamed company holds its former tickers' spells, chained, up to each rename", () => {
    expect(m.spells.NEW).toEqual([["1999-06-09", null]]);
    expect(isMemberOn("NEW", "2003-01-02", m)).toBe(true);
    expect(isMemberOn("OLD", "2022-06-28", m)).toBe(false);
  });

  test("a ticker reused by another company after the rename is not joined in", () => {
    expect(m.spells.OTHER).toEqual([]);
    expect(isMemberOn("OTHER", "2016-01-04", m)).toBe(false);
  });

  test("the committed membership: the demo's known joiners and leavers (data/README.md)", () => {
    // PODD joined on 2023-03-15, SEE left on 2023-10-18 (the calls the issue found outside the index).
    expect(isMemberOn("PODD", "2023-01-27")).toBe(false);
    expect(isMemberOn("PODD", "2023-03-15")).toBe(true);
    expect(isMemberOn("SEE", "2023-10-17")).toBe(true);
    expect(isMemberOn("SEE", "2023-10-20")).toBe(false);
    // ELV is Anthem and WellPoint before it; META was FB.
    expect(isMemberOn("ELV", "2012-06-01")).toBe(true);
    expect(isMemberOn("META", "2013-12-23")).toBe(true);
    expect(isMemberOn("META", "2013-12-20")).toBe(false);
    expect(["AAPL", "PODD", "TSLA"].filter((s) => isMemberOn(s, "2015-06-01"))).toEqual(["AAPL"]);
    expect(INDEX_MEMBERSHIP.asOf).toBe("2025-11-16");
  });
});
