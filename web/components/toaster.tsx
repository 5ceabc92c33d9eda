import { Notifications, notifications as toasts, useNotifications } from "@mantine/notifications";
import { type PointerEvent, useRef } from "react";
import { TOAST_MS } from "../lib/notify.ts";

/** Spec section 9: a toast is dismissed by a swipe to the right of at least this many pixels. */
export const SWIPE_DISMISS_PX = 50;

/** Whether a horizontal drag of `dx` pixels (positive: rightwards) dismisses the toast. */
export function swipeDismisses(dx: number): boolean {
  return dx >= SWIPE_DISMISS_PX;
}

const TOAST_SELECTOR = ".mantine-Notification-root";

/**
 * Where toasts appear: one at a time (a new one replaces the previous at once), at the bottom, so the header and the
 * headings under it stay clear: on a phone across the screen, wider at the right (decision 142). Mantine's own
 * drag and scroll dismissal (35% of the width, either way) is off: a swipe to the right of 50 px dismisses, a shorter
 * one or one to the left springs back. Loaded with the first toast (toast-outlet.tsx), inside the labelled region.
 */
export function Toaster() {
  const { notifications: shown } = useNotifications();
  const drag = useRef<{ x: number; el: HTMLElement; pointer: number } | null>(null);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const el = (event.target as HTMLElement).closest<HTMLElement>(TOAST_SELECTOR);
    if (!el || (event.target as HTMLElement).closest("button")) return;
    // No text selection or native drag of the toast's text, which would cancel the pointer mid-swipe.
    event.preventDefault();
    drag.current = { x: event.clientX, el, pointer: event.pointerId };
    el.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.pointer !== event.pointerId) return;
    // Only rightwards: the toast follows the finger to the right and does not move left.
    d.el.style.translate = `${Math.max(0, event.clientX - d.x)}px 0`;
  };
  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.pointer !== event.pointerId) return;
    drag.current = null;
    d.el.style.translate = "";
    if (event.type === "pointerup" && swipeDismisses(event.clientX - d.x)) {
      for (const toast of shown) if (toast.id) toasts.hide(toast.id);
    }
  };

  return (
    <Notifications
      limit={1}
      autoClose={TOAST_MS}
      // One position at every width, placed by web/app.css (decisions 115 and 142). It enters from the right, the
      // way a swipe dismisses it.
      position="bottom-right"
      className="sb-toasts"
      allowDragDismiss={false}
      allowScrollDismiss={false}
      withinPortal={false}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
    />
  );
}
