import type { FileRoutesById } from "../../routeTree.gen.ts";

const APP_NAME = "Signalboard";

/**
 * Each page's document title, by the id of the deepest route matched that has one. A dashboard tab is titled by its
 * own name, so tabs, history and bookmarks tell them apart ("/" signed in is the Latest tab).
 */
const TITLES: Partial<Record<keyof FileRoutesById, string>> = {
  "/_authed/_app/dashboard/_latestTab": "Latest Recommendations",
  "/_authed/_app/dashboard/_latestTab/r/$id": "Recommendation",
  "/_authed/_app/dashboard/historical": "Historical Recommendations",
  "/_authed/_app/dashboard/historical/r/$id": "Recommendation",
  "/_authed/_app/dashboard/analyze": "Analyze Stock",
  "/_authed/_app/dashboard/history": "Analysis History",
  "/_authed/_app/dashboard/earnings": "Earnings Calls",
  "/_authed/_app/dashboard/watchlist": "Watchlist",
  "/_authed/_app/dashboard": "Dashboard",
  "/_authed/_app/insights": "Stock Insights",
  "/_authed/_app/account": "Account",
  "/_authed/_admin/admin": "Admin",
  "/_authed/_admin/admin_/outbox": "Mail Outbox",
  "/_guest/signin": "Sign in",
  "/_guest/register": "Create your account",
  "/_guest/forgot-password": "Reset password",
  "/track-record": "Track Record",
  "/api-docs": "API Documentation",
  "/api-key": "API Key",
  "/terms": "Terms of Service",
  "/privacy": "Privacy Policy",
};

export interface TitledMatch {
  routeId: string;
  status: string;
  _notFound?: boolean;
  context: unknown;
}

/** "Watchlist · Signalboard" and the like, from the router's matches. */
export function pageTitle(matches: ReadonlyArray<TitledMatch>): string {
  // A path no route matches leaves the root as the only match, marked not found.
  if (matches.some((m) => m.status === "notFound" || m._notFound)) return `Page Not Found · ${APP_NAME}`;
  const deepest = matches.at(-1);
  if (!deepest) return APP_NAME;
  if (deepest.routeId === "/") {
    const signedIn = Boolean((deepest.context as { user?: unknown }).user);
    return signedIn
      ? `${TITLES["/_authed/_app/dashboard/_latestTab"]} · ${APP_NAME}`
      : `${APP_NAME}: stock recommendations you can check`;
  }
  const titled = matches.findLast((m) => m.routeId in TITLES);
  return titled ? `${TITLES[titled.routeId as keyof FileRoutesById]} · ${APP_NAME}` : APP_NAME;
}
