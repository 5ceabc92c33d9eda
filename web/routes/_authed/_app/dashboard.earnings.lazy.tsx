import { createLazyFileRoute } from "@tanstack/react-router";
import { EarningsCallsTab } from "../../../features/earnings/earnings-calls-tab.tsx";

export const Route = createLazyFileRoute("/_authed/_app/dashboard/earnings")({ component: EarningsCallsTab });
export { SIGNED_IN_SHELL } from "../../-components/signed-in-shell.ts";
