import { useEffect, useRef } from "react";
import { notify } from "../../lib/notify.ts";

/** Idle sign-out: 30 minutes without activity, warned 5 minutes before, activity counted at most once a second. */
export const IDLE_TIMEOUT_MS = 30 * 60_000;
export const IDLE_WARNING_MS = 25 * 60_000;
export const ACTIVITY_DEBOUNCE_MS = 1000;
export const EXPIRY_LOGOUT_DELAY_MS = 2000;
export const WARNING_TEXT = "Your session will expire in 5 minutes due to inactivity.";
export const EXPIRED_TEXT = "Your session has expired due to inactivity. Please sign in again.";

const ACTIVITY_EVENTS = ["mousedown", "mousemove", "keydown", "scroll", "touchstart", "click"] as const;

/**
 * Signs the user out after 30 minutes without activity: a warning toast at 25 minutes, the expiry toast at 30,
 * then `logout()` after 2 seconds. Activity (debounced by 1 second) restarts the clock. Runs only while `enabled`
 * (a signed-in user, not on the sign-in page).
 */
export function useIdleTimeout(enabled: boolean, logout: () => Promise<void> | void) {
  const logoutRef = useRef(logout);
  logoutRef.current = logout;

  useEffect(() => {
    if (!enabled) return;
    let warning: ReturnType<typeof setTimeout>;
    let expiry: ReturnType<typeof setTimeout>;
    let after: ReturnType<typeof setTimeout> | undefined;
    let debounce: ReturnType<typeof setTimeout> | undefined;
    const start = () => {
      clearTimeout(warning);
      clearTimeout(expiry);
      warning = setTimeout(() => notify("warning", "Session expiring", WARNING_TEXT), IDLE_WARNING_MS);
      expiry = setTimeout(() => {
        notify("error", "Session expired", EXPIRED_TEXT);
        after = setTimeout(() => {
          Promise.resolve(logoutRef.current()).catch((error) =>
            console.error("Logout after idle timeout failed", error),
          );
        }, EXPIRY_LOGOUT_DELAY_MS);
      }, IDLE_TIMEOUT_MS);
    };
    const onActivity = () => {
      if (debounce) return;
      debounce = setTimeout(() => {
        debounce = undefined;
        start();
      }, ACTIVITY_DEBOUNCE_MS);
    };
    start();
    for (const event of ACTIVITY_EVENTS) window.addEventListener(event, onActivity, { passive: true });
    return () => {
      clearTimeout(warning);
      clearTimeout(expiry);
      clearTimeout(after);
      clearTimeout(debounce);
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, onActivity);
    };
  }, [enabled]);
}
