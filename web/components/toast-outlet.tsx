import { useNotifications } from "@mantine/notifications";
import { lazy, Suspense, useEffect, useRef, useState } from "react";

// The toast container, with the scroll-lock and transition code it brings, loads with the first toast: most pages
// show none before the user acts, and a toast waits in Mantine's store until the container arrives (decision 025).
const Toaster = lazy(() => import("./toaster.tsx").then((m) => ({ default: m.Toaster })));

/** The key that moves focus to the toasts (spec section 9: viewport hotkey F8). */
export const TOAST_HOTKEY = "F8";

/**
 * The toast viewport: a labelled region that is always there (so F8 has somewhere to go), holding the container
 * once the first toast is shown. F8 focuses the region, from where Tab reaches the toast's close button.
 */
export function ToastOutlet() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  const region = useRef<HTMLDivElement>(null);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== TOAST_HOTKEY) return;
      event.preventDefault();
      region.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a <section> with an aria-label is the same region landmark; a div keeps Mantine's fixed-position roots free of section styles.
    <div
      ref={region}
      role="region"
      aria-label={`Notifications (${TOAST_HOTKEY})`}
      tabIndex={-1}
      data-toast-viewport
    >
      {needed ? (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      ) : null}
    </div>
  );
}
