import { createLazyFileRoute, Outlet } from "@tanstack/react-router";
import { SignedInFrame } from "../-components/signed-in-frame.tsx";

/** The signed-in pages with the app header (the admin panel has its own header, so it sits beside this layout). */
function AppLayout() {
  const { user } = Route.useRouteContext();
  return (
    <SignedInFrame user={user}>
      <Outlet />
    </SignedInFrame>
  );
}

export const Route = createLazyFileRoute("/_authed/_app")({ component: AppLayout });
export { SIGNED_IN_SHELL } from "../-components/signed-in-shell.ts";
