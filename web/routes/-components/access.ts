import { redirect } from "@tanstack/react-router";
import { notify } from "../../lib/notify.ts";

/** A signed-out visitor of a signed-in page reads the toast this long before the sign-in page opens. */
export const SIGNED_OUT_REDIRECT_MS = 500;
/** A non-admin visitor of the admin panel reads the toast this long before going home. */
export const NON_ADMIN_REDIRECT_MS = 1500;

/**
 * For a layout's `beforeLoad`: shows the toast, waits `delayMs` (the router shows its pending spinner), then
 * redirects. A preload (a hovered link) redirects at once and silently: nobody asked to go there yet.
 */
export async function redirectAfterToast(options: {
  preload: boolean;
  delayMs: number;
  toast: { title: string; message?: string };
  /** Sign-in with the page asked for, opened again after sign-in (the sign-in route checks it), or home. */
  to: { to: "/signin"; search: { redirect?: string } } | { to: "/" };
}): Promise<never> {
  if (!options.preload) {
    notify("error", options.toast.title, options.toast.message);
    await new Promise((resolve) => setTimeout(resolve, options.delayMs));
  }
  throw redirect({ ...options.to, replace: true });
}
