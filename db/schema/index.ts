export * from "./users.ts";
export * from "./recommendations.ts";
export * from "./watchlist.ts";
