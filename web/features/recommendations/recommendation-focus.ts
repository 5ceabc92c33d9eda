import { type RefObject, useEffect, useRef } from "react";

/** The attribute that marks the control opening a recommendation's dialog, with the recommendation's id. */
export const OPENS_RECOMMENDATION = "data-opens-recommendation";

/**
 * Puts focus back on the control that opens recommendation `openId` once its dialog closes (Esc, the close button,
 * Back), as a dialog over a list should. The dialog is a route of its own, so it unmounts rather than closing, and
 * the modal's own focus return has nothing to go back to; a dialog opened by a reload or a link returns to its
 * card too, when the list shows it.
 */
export function useFocusReturnToOpener(openId: number | undefined, list: RefObject<HTMLElement | null>) {
  const wasOpen = useRef(openId);
  useEffect(() => {
    const closed = wasOpen.current;
    wasOpen.current = openId;
    if (closed === undefined || openId !== undefined) return;
    // After the modal's own cleanup, which moves focus as it unmounts.
    const frame = requestAnimationFrame(() => {
      list.current?.querySelector<HTMLElement>(`[${OPENS_RECOMMENDATION}="${closed}"]`)?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [openId, list]);
}
