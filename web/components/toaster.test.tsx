import { expect, test } from "bun:test";
import { SWIPE_DISMISS_PX, swipeDismisses } from "./toaster.tsx";

test("a toast is dismissed by a swipe to the right of at least 50 px, never to the left (spec section 9)", () => {
  expect(SWIPE_DISMISS_PX).toBe(50);
  expect(swipeDismisses(50)).toBe(true);
  expect(swipeDismisses(49)).toBe(false);
  expect(swipeDismisses(-200)).toBe(false);
});
