import { describe, expect, test } from "bun:test";
import {
  addTradingSessions,
  isTradingDay,
  sessionOnOrAfter,
  sessionOnOrBefore,
  tradingSessionsBetween,
} from "./trading-calendar.ts";

describe("isTradingDay", () => {
  test("weekdays trade, weekends do not", () => {
    expect(isTradingDay("2023-10-27")).toBe(true); // Friday
    expect(isTradingDay("2023-10-28")).toBe(false);
    expect(isTradingDay("2023-10-29")).toBe(false);
  });

  test("Thanksgiving is closed, the early-close Friday after it is a session", () => {
    expect(isTradingDay("2023-11-23")).toBe(false);
    expect(isTradingDay("2023-11-24")).toBe(true);
  });

  test("Good Friday is closed, the Thursday before it trades", () => {
    expect(isTradingDay("2024-03-29")).toBe(false);
    expect(isTradingDay("2024-03-28")).toBe(true);
    expect(isTradingDay("2023-04-07")).toBe(false);
    expect(isTradingDay("2008-03-21")).toBe(false);
  });

  test("Juneteenth is a holiday from 2022 on, not before", () => {
    expect(isTradingDay("2023-06-19")).toBe(false);
    expect(isTradingDay("2022-06-20")).toBe(false); // the 19th was a Sunday
    expect(isTradingDay("2021-06-18")).toBe(true); // the 19th was a Saturday, and no holiday yet
    expect(isTradingDay("2027-06-18")).toBe(false); // Saturday the 19th, observed on the Friday
  });

  test("Independence Day on a weekend is observed on the nearest weekday", () => {
    expect(isTradingDay("2020-07-03")).toBe(false); // the 4th was a Saturday
    expect(isTradingDay("2021-07-05")).toBe(false); // the 4th was a Sunday
    expect(isTradingDay("2021-07-02")).toBe(true);
    expect(isTradingDay("2026-07-03")).toBe(false);
  });

  test("New Year's Day on a Saturday is not observed on the Friday before", () => {
    expect(isTradingDay("2021-12-31")).toBe(true);
    expect(isTradingDay("2023-01-02")).toBe(false); // Sunday the 1st, observed on Monday
  });

  test("special closures that no holiday rule yields", () => {
    for (const day of ["2004-06-11", "2007-01-02", "2012-10-29", "2012-10-30", "2018-12-05", "2025-01-09"]) {
      expect({ day, open: isTradingDay(day) }).toEqual({ day, open: false });
    }
    expect(isTradingDay("2012-10-31")).toBe(true);
  });

  test("whole years have the published number of sessions", () => {
    expect(tradingSessionsBetween("2011-12-31", "2012-12-31")).toBe(250); // with Hurricane Sandy
    expect(tradingSessionsBetween("2017-12-31", "2018-12-31")).toBe(251);
    expect(tradingSessionsBetween("2022-12-31", "2023-12-31")).toBe(250);
    expect(tradingSessionsBetween("2023-12-31", "2024-12-31")).toBe(252);
    expect(tradingSessionsBetween("2024-12-31", "2025-12-31")).toBe(250);
  });

  test("rejects what is not a YYYY-MM-DD date", () => {
    expect(() => isTradingDay("2023-02-30")).toThrow(RangeError);
    expect(() => isTradingDay("2023/10/27")).toThrow(RangeError);
    expect(() => isTradingDay("2023-10-27T00:00:00Z")).toThrow(RangeError);
  });
});

describe("addTradingSessions", () => {
  test("20 sessions skip Thanksgiving", () => {
    expect(addTradingSessions("2023-10-27", 20)).toBe("2023-11-27");
  });

  test("60 sessions skip Thanksgiving, Christmas, New Year's Day and Martin Luther King Jr. Day", () => {
    // Counted by hand: the 20th session is 2023-11-27, the 39th 2023-12-22, the 43rd 2023-12-29, the 47th
    // 2024-01-05, the 52nd 2024-01-12, the 56th 2024-01-19 (Tuesday after MLK day is the 53rd), the 60th Thursday.
    expect(addTradingSessions("2023-10-27", 60)).toBe("2024-01-25");
  });

  test("20 and 60 sessions across year ends", () => {
    expect(addTradingSessions("2023-12-15", 20)).toBe("2024-01-17");
    // Also skips the national day of mourning on 2025-01-09, MLK day and Washington's Birthday.
    expect(addTradingSessions("2024-12-13", 20)).toBe("2025-01-15");
    expect(addTradingSessions("2024-12-13", 60)).toBe("2025-03-14");
  });

  test("starts from a day that is not a session", () => {
    expect(addTradingSessions("2023-10-28", 1)).toBe("2023-10-30");
    expect(addTradingSessions("2023-11-23", 1)).toBe("2023-11-24");
    expect(addTradingSessions("2023-11-23", 0)).toBe("2023-11-23");
  });

  test("counts backwards when negative", () => {
    expect(addTradingSessions("2023-11-27", -20)).toBe("2023-10-27");
    expect(addTradingSessions("2024-01-02", -1)).toBe("2023-12-29");
  });

  test("rejects a fractional number of sessions", () => {
    expect(() => addTradingSessions("2023-10-27", 1.5)).toThrow(RangeError);
  });
});

describe("tradingSessionsBetween", () => {
  test("counts the sessions after the first date up to and including the second", () => {
    expect(tradingSessionsBetween("2023-10-27", "2023-11-27")).toBe(20);
    expect(tradingSessionsBetween("2023-10-27", "2024-01-25")).toBe(60);
    expect(tradingSessionsBetween("2023-10-27", "2023-10-27")).toBe(0);
    expect(tradingSessionsBetween("2023-11-27", "2023-10-27")).toBe(-20);
  });
});

describe("sessionOnOrAfter and sessionOnOrBefore", () => {
  test("a session is its own answer, the early-close day after Thanksgiving included", () => {
    expect(sessionOnOrAfter("2023-11-24")).toBe("2023-11-24");
    expect(sessionOnOrBefore("2023-11-24")).toBe("2023-11-24");
  });

  test("a holiday or weekend moves to the next or the previous session", () => {
    expect(sessionOnOrAfter("2023-11-23")).toBe("2023-11-24"); // Thanksgiving
    expect(sessionOnOrBefore("2023-11-23")).toBe("2023-11-22");
    expect(sessionOnOrAfter("2023-04-07")).toBe("2023-04-10"); // Good Friday, then the weekend
    expect(sessionOnOrBefore("2023-04-09")).toBe("2023-04-06");
    expect(sessionOnOrAfter("2023-12-30")).toBe("2024-01-02"); // Saturday, Sunday, New Year's Day
    expect(sessionOnOrBefore("2012-10-30")).toBe("2012-10-26"); // Hurricane Sandy's two days and a weekend
  });
});
