import { createLazyFileRoute } from "@tanstack/react-router";
import { EarningsCallsTab } from "../../../features/earnings/earnings-calls-tab.tsx";
import { AddToWatchlistButton } from "../../../features/watchlist/add-to-watchlist-button.tsx";

/** Two features composed here: the earnings list with the watchlist's add button on each call. */
function Earnings() {
  return <EarningsCallsTab watchlistButton={(symbol) => <AddToWatchlistButton symbol={symbol} />} />;
}

export const Route = createLazyFileRoute("/_authed/_app/dashboard/earnings")({ component: Earnings });
