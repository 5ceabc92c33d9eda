export * from "./users.ts";
export * from "./recommendations.ts";
