import { createFileRoute } from "@tanstack/react-router";
import { NON_ADMIN_REDIRECT_MS, redirectAfterToast } from "../-components/access.ts";

/** The admin panel's layout: a signed-in user who is not an admin gets the toast and / after 1500 ms. */
export const Route = createFileRoute("/_authed/_admin")({
  beforeLoad: ({ context, preload }) => {
    if (!context.user.isAdmin) {
      return redirectAfterToast({
        preload,
        to: { to: "/" },
        delayMs: NON_ADMIN_REDIRECT_MS,
        toast: { title: "Admin access required. Redirecting..." },
      });
    }
  },
});
