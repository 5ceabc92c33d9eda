import { Notifications } from "@mantine/notifications";
import { TOAST_MS } from "../lib/notify.ts";

/**
 * Where toasts appear: one at a time (a new one replaces the previous), bottom right. Loaded with the first toast
 * (toast-outlet.tsx).
 */
export function Toaster() {
  return <Notifications limit={1} autoClose={TOAST_MS} position="bottom-right" />;
}
