import { createLazyFileRoute } from "@tanstack/react-router";
import { WatchlistTab } from "../../../features/watchlist/watchlist-tab.tsx";

export const Route = createLazyFileRoute("/_authed/_app/dashboard/watchlist")({ component: WatchlistTab });
export { SIGNED_IN_SHELL } from "../../-components/signed-in-shell.ts";
