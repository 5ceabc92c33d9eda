import { expect, test } from "bun:test";
import { BUY_PRICE_TOLERANCE, distanceFromCloseText, farFromClose } from "./buy-price-check.ts";

test("a buy price more than 2% from the day's close asks; 2% or less, a blank or an unknown close does not", () => {
  expect(BUY_PRICE_TOLERANCE).toBe(0.02);
  expect(farFromClose(120, 127.74)).toBe(true);
  expect(farFromClose(130.29, 127.74)).toBe(false); // 1.996% above
  expect(farFromClose(127.74 * 0.979, 127.74)).toBe(true);
  expect(farFromClose(130.3, 127.74)).toBe(true);
  expect(farFromClose("", 127.74)).toBe(false);
  expect(farFromClose(120, null)).toBe(false);
  expect(distanceFromCloseText(120, 127.74)).toBe("$120.00 is 6.1% below the close of $127.74");
});
