export * from "./recommendations.ts";
export * from "./users.ts";
export * from "./watchlist.ts";
export * from "./alerts.ts";
