import { eq, gte, lte, type SQL } from "drizzle-orm";
import { recommendations } from "../../../db/schema/index.ts";
import type { HistoricalQuery } from "./recommendations.schema.ts";

/**
 * The SQL conditions of a recommendations search (the historical list and the track record): recommendation date
 * within from..to, one symbol, one risk level.
 */
export function recommendationFilters(query: HistoricalQuery): SQL[] {
  const filters: SQL[] = [];
  if (query.fromDate) filters.push(gte(recommendations.recommendationDate, query.fromDate));
  if (query.toDate) filters.push(lte(recommendations.recommendationDate, query.toDate));
  if (query.symbol) filters.push(eq(recommendations.symbol, query.symbol));
  if (query.aggressive) filters.push(eq(recommendations.aggressive, query.aggressive === "aggressive"));
  return filters;
}

/** The filters of `query` as one string, for keeping an answer per search (no field can hold a "|"). */
export function recommendationFiltersKey(query: HistoricalQuery): string {
  return `${query.fromDate ?? ""}|${query.toDate ?? ""}|${query.symbol ?? ""}|${query.aggressive ?? ""}`;
}
