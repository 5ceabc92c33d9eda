import { createLazyFileRoute } from "@tanstack/react-router";
import { WatchlistTab } from "../../../features/watchlist/watchlist-tab.tsx";

export const Route = createLazyFileRoute("/_authed/_app/dashboard/watchlist")({ component: WatchlistTab });
