import { useNotifications } from "@mantine/notifications";
import { lazy, Suspense, useState } from "react";

// The toast container, with the scroll-lock and transition code it brings, loads with the first toast: most pages
// show none before the user acts, and a toast waits in Mantine's store until the container arrives (decision 025).
const Toaster = lazy(() => import("./toaster.tsx").then((m) => ({ default: m.Toaster })));

/** Mounts the toast container once the first toast is shown, and keeps it. */
export function ToastOutlet() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
