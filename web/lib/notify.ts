import { notifications } from "@mantine/notifications";
import type { ReactNode } from "react";

/** How long a toast stays unless a caller says otherwise. */
export const TOAST_MS = 5000;

type Tone = "success" | "error" | "info" | "warning";
const colors: Record<Tone, string> = { success: "teal", error: "red", info: "blue", warning: "yellow" };

/**
 * Shows a toast. Only one is visible at a time: a new one replaces the previous, which the Notifications
 * provider's `limit={1}` and this clean-up both hold (and web/app.css, for the old one's exit transition). `autoClose` false keeps it until it is closed (by the person,
 * or by `id` with closeToast); answers its id.
 */
export function notify(
  tone: Tone,
  title: string,
  message?: ReactNode,
  autoClose: number | false = TOAST_MS,
  id?: string,
): string {
  notifications.clean();
  return notifications.show({
    id,
    title,
    message: message ?? "",
    color: colors[tone],
    autoClose,
    withBorder: true,
    closeButtonProps: { "aria-label": "Dismiss notification" },
    // Mantine's default description grey is below WCAG AA contrast; theme.ts sets this one per colour scheme.
    styles: { description: { color: "var(--sb-toast-text)" } },
  });
}

/** Closes the toast `notify` answered this id for, if it is still up. */
export function closeToast(id: string): void {
  notifications.hide(id);
}
