import { describe, expect, test } from "bun:test";
import {
  percentPoints,
  pointsBetween,
  ratePercent,
  roundHalfAway,
  signedPercent,
  signedPoints,
  sizePercent,
} from "./figures.ts";

describe("one rounding rule for percentages (decision 083)", () => {
  test("half away from zero on the decimal value, without float noise", () => {
    // (0.0115 * 100).toFixed(1) says "1.1" (toFixed reads the float 1.149999...); the rule reads the decimal 1.15.
    expect((0.0115 * 100).toFixed(1)).toBe("1.1");
    expect(percentPoints(0.0115)).toBe(1.2);
    expect(percentPoints(-0.0115)).toBe(-1.2);
    expect(roundHalfAway(1.25)).toBe(1.3);
    expect(roundHalfAway(-1.25)).toBe(-1.3);
    expect(roundHalfAway(-0.04)).toBe(0);
    expect(Object.is(roundHalfAway(-0.04), -0)).toBe(false);
  });

  test("signed returns, unsigned rates and sizes", () => {
    expect(signedPercent(0.0531)).toBe("+5.3%");
    expect(signedPercent(-0.0004)).toBe("0.0%");
    expect(signedPercent(null)).toBe("—");
    expect(ratePercent(0.6435897)).toBe("64.4%");
    expect(ratePercent(0.52, 0)).toBe("52%");
    expect(sizePercent(-0.0115)).toBe("1.2%");
  });

  test("a difference beside its two figures is the difference of the figures as shown", () => {
    // A call of the demo history: -5.2% against -8.7% shown, 3.4 points apart unrounded; the reader subtracting
    // the figures shown gets 3.5, and so does the rule.
    expect(signedPercent(-0.05155)).toBe("-5.2%");
    expect(signedPercent(-0.08654)).toBe("-8.7%");
    expect(((-0.05155 - -0.08654) * 100).toFixed(1)).toBe("3.5");
    expect(pointsBetween(-0.05155, -0.08654)).toBe(3.5);
    expect(pointsBetween(-0.0524, -0.0866)).toBe(3.5);
    expect(((-0.0524 - -0.0866) * 100).toFixed(1)).toBe("3.4");
    // One where they differ: +1.04% against +0.95% shows +1.0% against +1.0%, so 0.0 points, not 0.1.
    expect(pointsBetween(0.0104, 0.0095)).toBe(0);
    expect(((0.0104 - 0.0095) * 100).toFixed(1)).toBe("0.1");
    expect(signedPoints(pointsBetween(0.6435897, 0.5167337))).toBe("+12.7 points");
    expect(signedPoints(-0.04)).toBe("+0.0 points");
  });
});
