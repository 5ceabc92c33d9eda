export * from "./alerts.ts";
export * from "./insights.ts";
export * from "./jobs.ts";
export * from "./market.ts";
export * from "./password-resets.ts";
export * from "./recommendations.ts";
export * from "./users.ts";
export * from "./watchlist.ts";
