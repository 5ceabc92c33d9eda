import { Button, Stack, Text } from "@mantine/core";
import { useEffect, useRef } from "react";
import { closeToast, notify } from "../../lib/notify.ts";

/** Idle sign-out: 30 minutes without activity, warned 5 minutes before, activity counted at most once a second. */
export const IDLE_TIMEOUT_MS = 30 * 60_000;
export const IDLE_WARNING_MS = 25 * 60_000;
export const ACTIVITY_DEBOUNCE_MS = 1000;
export const EXPIRY_LOGOUT_DELAY_MS = 2000;
export const WARNING_TEXT = "Your session will expire in 5 minutes due to inactivity.";
export const EXPIRED_TEXT = "Your session has expired due to inactivity. Please sign in again.";
export const STAY_SIGNED_IN = "Stay signed in";

const ACTIVITY_EVENTS = ["mousedown", "mousemove", "keydown", "scroll", "touchstart", "click"] as const;
/** What closes the warning besides its button: a deliberate act, not a mouse passing over or a page scrolling. */
const ACTS = new Set<string>(["mousedown", "keydown", "touchstart", "click"]);
const WARNING_ID = "idle-warning";

/**
 * Signs the user out after 30 minutes without activity: a warning toast at 25 minutes, the expiry toast at 30,
 * then `logout()` after 2 seconds. Activity (debounced by 1 second) restarts the clock. Runs only while `enabled`
 * (a signed-in user, not on the sign-in page).
 *
 * The warning stays until the person acts (issue 26): its "Stay signed in" button restarts the clock at once and
 * calls `keepAlive` (a request that keeps the server's session going too); a click or key press anywhere closes it
 * (activity has restarted the clock); else the expiry toast replaces it 5 minutes later, as it says. While it is up,
 * a mouse passing over or a scroll neither closes it nor restarts the clock (decision 115).
 */
export function useIdleTimeout(
  enabled: boolean,
  logout: () => Promise<void> | void,
  keepAlive?: () => unknown,
) {
  const logoutRef = useRef(logout);
  logoutRef.current = logout;
  const keepAliveRef = useRef(keepAlive);
  keepAliveRef.current = keepAlive;

  useEffect(() => {
    if (!enabled) return;
    let warning: ReturnType<typeof setTimeout>;
    let expiry: ReturnType<typeof setTimeout>;
    let after: ReturnType<typeof setTimeout> | undefined;
    let debounce: ReturnType<typeof setTimeout> | undefined;
    let warned = false;
    const closeWarning = () => {
      if (!warned) return;
      warned = false;
      closeToast(WARNING_ID);
    };
    const start = () => {
      clearTimeout(warning);
      clearTimeout(expiry);
      warning = setTimeout(() => {
        if (warned) return;
        warned = true;
        // Activity just before the warning must not restart the clock behind it either.
        clearTimeout(debounce);
        debounce = undefined;
        notify("warning", "Session expiring", <IdleWarning onStay={stay} />, false, WARNING_ID);
      }, IDLE_WARNING_MS);
      expiry = setTimeout(() => {
        warned = false;
        notify("error", "Session expired", EXPIRED_TEXT);
        after = setTimeout(() => {
          Promise.resolve(logoutRef.current()).catch((error) =>
            console.error("Logout after idle timeout failed", error),
          );
        }, EXPIRY_LOGOUT_DELAY_MS);
      }, IDLE_TIMEOUT_MS);
    };
    const stay = () => {
      closeWarning();
      start();
      Promise.resolve(keepAliveRef.current?.()).catch((error) =>
        console.error("Keeping the session going failed", error),
      );
    };
    const onActivity = (event: Event) => {
      const act = ACTS.has(event.type);
      // While the warning is up only an act counts: a mouse passing over or a page scrolling must not restart the
      // clock behind a warning that still says 5 minutes (it would then come back 25 minutes later, a second copy
      // drawn over the first: issue 38).
      if (warned && !act) return;
      // A press on the warning's own button is its click's business: closing at mousedown would take the button
      // away before the click lands.
      const onWarning = event.target instanceof Element && event.target.closest("[data-idle-warning]");
      if (act && !onWarning) closeWarning();
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
      closeWarning();
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, onActivity);
    };
  }, [enabled]);
}

function IdleWarning(props: { onStay: () => void }) {
  return (
    <Stack gap="xs" align="flex-start" data-idle-warning>
      <Text size="sm" c="inherit">
        {WARNING_TEXT}
      </Text>
      <Button size="xs" onClick={props.onStay}>
        {STAY_SIGNED_IN}
      </Button>
    </Stack>
  );
}
