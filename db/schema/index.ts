export * from "./users.ts";
