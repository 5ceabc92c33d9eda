import { afterEach, beforeEach, describe, expect, jest, test } from "bun:test";
import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import {
  ACTIVITY_DEBOUNCE_MS,
  EXPIRED_TEXT,
  EXPIRY_LOGOUT_DELAY_MS,
  IDLE_TIMEOUT_MS,
  IDLE_WARNING_MS,
  STAY_SIGNED_IN,
  useIdleTimeout,
  WARNING_TEXT,
} from "./idle-timeout.tsx";

// Only what the hook needs: Mantine's notifications to show the toasts.
const renderPlain = (ui: ReactNode) =>
  render(
    <MantineProvider>
      <Notifications limit={1} />
      {ui}
    </MantineProvider>,
  );

let logouts = 0;
let keptAlive = 0;
function Probe(props: { enabled: boolean }) {
  useIdleTimeout(
    props.enabled,
    () => {
      logouts++;
    },
    () => {
      keptAlive++;
    },
  );
  return <p>signed in</p>;
}

beforeEach(() => {
  logouts = 0;
  keptAlive = 0;
  jest.useFakeTimers();
});
afterEach(() => {
  cleanup();
  jest.useRealTimers();
});

const advance = (ms: number) => act(() => void jest.advanceTimersByTime(ms));

describe("idle timeout: warning at 25 minutes, expiry at 30, logout 2 s later, activity debounced 1 s (fake timers)", () => {
  test("warning at 25 minutes, expiry at 30, logout 2 seconds later", () => {
    renderPlain(<Probe enabled />);
    advance(IDLE_WARNING_MS - 1);
    expect(screen.queryByText(WARNING_TEXT)).toBeNull();
    advance(1);
    expect(screen.getByText(WARNING_TEXT)).toBeTruthy();
    advance(IDLE_TIMEOUT_MS - IDLE_WARNING_MS);
    expect(screen.getByText(EXPIRED_TEXT)).toBeTruthy();
    expect(logouts).toBe(0);
    advance(EXPIRY_LOGOUT_DELAY_MS);
    expect(logouts).toBe(1);
  });

  test("activity restarts the clock after the 1-second debounce", () => {
    renderPlain(<Probe enabled />);
    advance(20 * 60_000);
    fireEvent.keyDown(window, { key: "a" });
    fireEvent.mouseMove(window);
    advance(ACTIVITY_DEBOUNCE_MS);
    advance(IDLE_TIMEOUT_MS - 1000);
    expect(logouts).toBe(0);
    expect(screen.queryByText(EXPIRED_TEXT)).toBeNull();
    advance(1000 + EXPIRY_LOGOUT_DELAY_MS);
    expect(logouts).toBe(1);
  });

  test("nothing happens while disabled (signed out, or on the sign-in page)", () => {
    renderPlain(<Probe enabled={false} />);
    advance(IDLE_TIMEOUT_MS + EXPIRY_LOGOUT_DELAY_MS);
    expect(logouts).toBe(0);
    expect(screen.queryByText(WARNING_TEXT)).toBeNull();
  });

  test("the warning stays until the person acts (not Mantine's 5 s), and 'Stay signed in' restarts the clock and keeps the server's session", () => {
    renderPlain(<Probe enabled />);
    advance(IDLE_WARNING_MS);
    advance(60_000);
    expect(screen.getByText(WARNING_TEXT)).toBeTruthy();
    // A mouse passing over is activity, but not an act on the warning: it stays.
    fireEvent.mouseMove(window);
    advance(ACTIVITY_DEBOUNCE_MS);
    expect(screen.getByText(WARNING_TEXT)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: STAY_SIGNED_IN }));
    expect(keptAlive).toBe(1);
    advance(1000);
    expect(screen.queryByText(WARNING_TEXT)).toBeNull();
    advance(IDLE_WARNING_MS - 2000);
    expect(screen.queryByText(WARNING_TEXT)).toBeNull();
    expect(logouts).toBe(0);
    // The click itself is activity too: the clock restarted at most a debounce later.
    advance(IDLE_TIMEOUT_MS - IDLE_WARNING_MS + EXPIRY_LOGOUT_DELAY_MS + ACTIVITY_DEBOUNCE_MS + 1000);
    expect(logouts).toBe(1);
  });

  test("a mouse passing over or a scroll while the warning is up does not postpone the expiry it announces, and the warning is drawn once", () => {
    renderPlain(<Probe enabled />);
    advance(IDLE_WARNING_MS);
    expect(screen.getAllByText(WARNING_TEXT)).toHaveLength(1);
    for (let minute = 0; minute < 4; minute++) {
      fireEvent.mouseMove(window);
      fireEvent.scroll(window);
      advance(60_000);
      expect(screen.getAllByText(WARNING_TEXT)).toHaveLength(1);
    }
    advance(IDLE_TIMEOUT_MS - IDLE_WARNING_MS - 4 * 60_000);
    expect(screen.getByText(EXPIRED_TEXT)).toBeTruthy();
    advance(EXPIRY_LOGOUT_DELAY_MS);
    expect(screen.queryByText(WARNING_TEXT)).toBeNull();
    expect(logouts).toBe(1);
  });

  test("activity a moment before the warning does not restart the clock behind it", () => {
    renderPlain(<Probe enabled />);
    advance(IDLE_WARNING_MS - ACTIVITY_DEBOUNCE_MS / 2);
    fireEvent.mouseMove(window);
    advance(ACTIVITY_DEBOUNCE_MS);
    expect(screen.getByText(WARNING_TEXT)).toBeTruthy();
    advance(IDLE_TIMEOUT_MS - IDLE_WARNING_MS);
    expect(screen.getByText(EXPIRED_TEXT)).toBeTruthy();
  });

  test("a click or key press anywhere closes the warning", () => {
    renderPlain(<Probe enabled />);
    advance(IDLE_WARNING_MS);
    expect(screen.getByText(WARNING_TEXT)).toBeTruthy();
    fireEvent.keyDown(window, { key: "a" });
    advance(1000);
    expect(screen.queryByText(WARNING_TEXT)).toBeNull();
    expect(keptAlive).toBe(0);
  });
});
