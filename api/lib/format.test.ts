import { describe, expect, test } from "bun:test";
import {
  calendarDay,
  cents,
  chancePercent,
  count,
  fixed,
  fractionAsShown,
  money,
  percentPoints,
  ratePercent,
  roundHalfAway,
  signedPercent,
  sizePercent,
  sizePercentValue,
} from "./format.ts";

describe("the server's one rounding rule (decision 126), as the web's", () => {
  test("half away from zero on the decimal value, without float noise or a negative zero", () => {
    // (0.0115 * 100).toFixed(1) says "1.1": toFixed reads the float 1.149999...; the rule reads 1.15.
    expect((0.0115 * 100).toFixed(1)).toBe("1.1");
    expect(percentPoints(0.0115)).toBe(1.2);
    expect(roundHalfAway(-1.25)).toBe(-1.3);
    expect(Object.is(roundHalfAway(-0.04), -0)).toBe(false);
    expect(cents(127.745)).toBe(127.75);
    expect(chancePercent(0.525)).toBe(53);
  });

  test("every percentage a person reads has one decimal", () => {
    expect(signedPercent(0.0531)).toBe("+5.3%");
    expect(signedPercent(-0.027)).toBe("-2.7%");
    expect(signedPercent(-0.0004)).toBe("0.0%");
    expect(ratePercent(0.37)).toBe("37.0%");
    expect(ratePercent(-0.03)).toBe("-3.0%");
    expect(sizePercent(-0.0115)).toBe("1.2%");
    expect(sizePercentValue(-6)).toBe("6.0%");
  });

  test("a fraction sent as shown reads as the unrounded one does", () => {
    expect(fractionAsShown(0.004038055459993976)).toBe(0.004);
    expect(fractionAsShown(-0.0828658352538443)).toBe(-0.083);
    expect(fractionAsShown(-0.0004)).toBe(0);
    for (const value of [0.0115, -0.01245, 0.01255, 0.10346552588119118, -0.2024999, 0.0005]) {
      expect(signedPercent(fractionAsShown(value))).toBe(signedPercent(value));
    }
  });

  test("money, statistics and counts", () => {
    expect(money(94)).toBe("$94.00");
    expect(money(127.745)).toBe("$127.75");
    expect(fixed(1.005, 2)).toBe("1.01");
    expect(count(1310.4)).toBe("1,310");
    expect(calendarDay("2023-10-27")).toBe("Oct 27, 2023");
  });
});
