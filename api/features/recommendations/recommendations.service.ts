import { and, count, desc, eq, getTableColumns, inArray, max, sql } from "drizzle-orm";
import { recommendations, users } from "../../../db/schema/index.ts";
import { modelEvidenceOf } from "../../analysis/model-evidence.ts";
import { type ModelInfo, modelCatalog } from "../../analysis/model-store.ts";
import { AGGRESSIVE_VOLATILITY } from "../../analysis/risk-scale.constants.ts";
import type { AppDeps } from "../../lib/context.ts";
import { ratePercent } from "../../lib/format.ts";
import { hasMarketData, type LatestPrice } from "../../lib/market-port.ts";
import { failure, type Result, success } from "../../lib/result.ts";
import { centsToString } from "../../lib/validation.ts";
import { scoreRecommendations } from "./performance.service.ts";
import { recommendationFilters } from "./recommendation-filters.ts";
import {
  type CreateRecommendationInput,
  HISTORICAL_UNPAGED_LIMIT,
  type HistoricalQuery,
  type ModelCall,
  type Recommendation,
} from "./recommendations.schema.ts";
import type { Outcome } from "./track-record.ts";

/** A stored recommendation, with its poster's name when the list read joined it (null for model calls). */
type Row = typeof recommendations.$inferSelect & {
  posterFirstName?: string | null;
  posterLastName?: string | null;
  posterEmail?: string | null;
};

/** A list's columns: each row and who posted it, in the same read (one join on the users' primary key). */
const LIST_COLUMNS = {
  ...getTableColumns(recommendations),
  posterFirstName: users.firstName,
  posterLastName: users.lastName,
  posterEmail: users.email,
};

/** An editor's name as a pick shows it: first and last name, else the email; null once the account is deleted. */
function posterName(row: Row): string | null {
  const name = [row.posterFirstName, row.posterLastName].filter(Boolean).join(" ").trim();
  return name || row.posterEmail || null;
}

/** Within a date the model's calls list before editor's picks: a pick's confidence is an editor's, not a measured chance. */
const modelCallsFirst = sql`${recommendations.source} = 'admin'`;

/** Without price history, a potential return at or above this makes a call aggressive. */
export const AGGRESSIVE_RETURN = 0.15;
type ModelView = NonNullable<Recommendation["modelView"]>;

function toRecommendation(
  row: Row,
  catalog: ReadonlyMap<string, ModelInfo>,
  views: ReadonlyMap<string, ModelView>,
): Recommendation {
  return {
    id: row.id,
    symbol: row.symbol,
    buyPrice: centsToString(row.buyPriceCents),
    sellTarget: centsToString(row.sellTargetCents),
    confidence: row.confidence,
    aggressive: row.aggressive,
    aggressiveBasis: row.aggressiveBasis,
    estimatedDate: row.estimatedDate,
    recommendationDate: row.recommendationDate,
    reason: row.reason,
    source: row.source,
    provenance: row.provenance,
    postedByName: row.source === "admin" ? posterName(row) : null,
    modelVersion: row.modelVersion,
    call: row.call,
    decile: row.decile,
    probability: row.probability,
    expectedReturn: row.expectedReturn,
    expectedReturnLow: row.expectedReturnLow,
    expectedReturnHigh: row.expectedReturnHigh,
    horizonDays: row.horizonDays,
    expectedExcessReturn: row.expectedExcessReturn,
    expectedExcessLow: row.expectedExcessLow,
    expectedExcessHigh: row.expectedExcessHigh,
    // An editor's pick states no model event and no model evidence: its confidence is the editor's own.
    ...(row.source === "model"
      ? modelEvidenceOf(row.modelVersion, row.recommendationDate, row.decile, row.call, catalog)
      : { statedEvent: null, edgeSignificant: null, modelTrainedThrough: null, modelStale: null }),
    ...(row.source === "admin"
      ? { modelView: views.get(viewKey(row.recommendationDate, row.symbol)) ?? null }
      : {}),
  };
}

const viewKey = (date: string, symbol: string) => `${date} ${symbol}`;

/**
 * What the ranking model said about each editor's pick's stock on the pick's date, from prices up to that date
 * only, so a pick is read beside the model's own view (issue 42). One read of prices scores every pick date; a
 * stock the model could not rank that day (not an index member, a non-trading day) has none.
 */
async function modelViewsOf(
  deps: AppDeps,
  rows: readonly Row[],
  catalog: ReadonlyMap<string, ModelInfo>,
): Promise<Map<string, ModelView>> {
  const views = new Map<string, ModelView>();
  const picks = rows.filter((r) => r.source === "admin");
  if (!picks.length || !hasMarketData(deps.market)) return views;
  const dates = [...new Set(picks.map((r) => r.recommendationDate))].sort();
  // The engine's modules load with the first list that holds a pick: a Worker's first `latest` of model calls
  // evaluates none of them (decision 162).
  const { createAnalysisEngine } = await import("../../analysis/engine.ts");
  const engine = createAnalysisEngine(deps.database.db, () => dates.at(-1)!);
  const byDate = await engine.scoreUniverseOn(dates);
  for (const pick of picks) {
    const scored = byDate.get(pick.recommendationDate)?.find((s) => s.symbol === pick.symbol);
    if (!scored) continue;
    views.set(viewKey(pick.recommendationDate, pick.symbol), {
      call: scored.call,
      decile: scored.decile,
      confidence: Math.round(scored.probability * 100),
      horizonDays: scored.model.horizonDays,
      modelVersion: scored.model.version,
      expectedExcessReturn: scored.expectedExcessReturn,
      expectedExcessLow: scored.expectedExcessLow,
      expectedExcessHigh: scored.expectedExcessHigh,
      ...modelEvidenceOf(scored.model.version, pick.recommendationDate, scored.decile, scored.call, catalog),
    });
  }
  return views;
}

/** A list of recommendations with each one's outcome so far (null without market data or prices). */
export interface Scored {
  recommendations: Recommendation[];
  outcomes: Map<number, Outcome>;
}

/** Scores `rows` as of the market's today: the part of a list that changes only with the data or the day. */
async function scoreRows(deps: AppDeps, rows: Row[]): Promise<Scored> {
  const [scored, catalog] = await Promise.all([
    hasMarketData(deps.market) && rows.length
      ? scoreRecommendations(deps, rows, deps.market.marketToday())
      : [],
    // The served models' dates, read once per process or isolate, for the model's evidence.
    rows.length ? modelCatalog(deps.database.db) : new Map<string, ModelInfo>(),
  ]);
  const views = await modelViewsOf(deps, rows, catalog);
  return {
    recommendations: rows.map((r) => toRecommendation(r, catalog, views)),
    outcomes: new Map(scored.map((s) => [s.recommendation.id, s.outcome])),
  };
}

/**
 * Adds currentPrice and currentPriceAsOf from the market, asked on every request: its own freshness rules
 * (the demo's frozen closes, a live provider's quote lifetime) decide how current they are.
 */
export async function withPrices(
  deps: AppDeps,
  { recommendations: list, outcomes }: Scored,
): Promise<Recommendation[]> {
  const symbols = [...new Set(list.map((r) => r.symbol))];
  const prices = symbols.length ? await deps.market.latestPrices(symbols) : new Map<string, LatestPrice>();
  return list.map((r) => {
    const price = prices.get(r.symbol);
    return {
      ...r,
      currentPrice: price?.price ?? null,
      currentPriceAsOf: price?.asOf ?? null,
      outcome: outcomes.get(r.id) ?? null,
    };
  });
}

/**
 * The recommendations of the most recent recommendation date, scored (without current prices: withPrices), whole:
 * the list answers each as its `listItem`.
 */
export async function scoreLatest(deps: AppDeps): Promise<Scored> {
  const { db } = deps.database;
  const latestDate = db.select({ d: max(recommendations.recommendationDate) }).from(recommendations);
  const rows = await db
    .select(LIST_COLUMNS)
    .from(recommendations)
    .leftJoin(users, eq(users.id, recommendations.postedBy))
    .where(eq(recommendations.recommendationDate, latestDate))
    .orderBy(modelCallsFirst, desc(recommendations.confidence), recommendations.symbol);
  return scoreRows(deps, rows);
}

/** One recommendation with its whole reason, scored and priced as the lists' rows are; null when there is none. */
export async function recommendationById(deps: AppDeps, id: number): Promise<Recommendation | null> {
  const rows = await deps.database.db
    .select(LIST_COLUMNS)
    .from(recommendations)
    .leftJoin(users, eq(users.id, recommendations.postedBy))
    .where(eq(recommendations.id, id));
  if (!rows.length) return null;
  const [priced] = await withPrices(deps, await scoreRows(deps, rows));
  return priced ?? null;
}

/** Which rows of a search to answer: `limit` rows from `offset` (newest first). */
export interface HistoricalWindow {
  offset: number;
  limit: number;
}

/** One page of a historical search: its rows, how many match in all, and how many on each date the page shows. */
export interface HistoricalPage<L> {
  recommendations: L;
  total: number;
  /** [date, matches on that date] for each recommendation date of the page, newest first. */
  dateCounts: Array<[string, number]>;
}

/**
 * The recommendations matching `query`, newest first (id breaks ties, so pages never overlap), the rows of `window`
 * scored (without current prices: withPrices), how many match in all and on each of the page's dates (a page may
 * show part of a date's group).
 */
export async function scoreHistoricalPage(
  deps: AppDeps,
  query: HistoricalQuery,
  window: HistoricalWindow = { offset: 0, limit: HISTORICAL_UNPAGED_LIMIT },
): Promise<HistoricalPage<Scored>> {
  const { db } = deps.database;
  const where = and(...recommendationFilters(query));
  const [rows, [counted]] = await Promise.all([
    db
      .select(LIST_COLUMNS)
      .from(recommendations)
      .leftJoin(users, eq(users.id, recommendations.postedBy))
      .where(where)
      .orderBy(
        desc(recommendations.recommendationDate),
        modelCallsFirst,
        desc(recommendations.confidence),
        desc(recommendations.id),
      )
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: count() }).from(recommendations).where(where),
  ]);
  const dates = [...new Set(rows.map((r) => r.recommendationDate))];
  const perDate = dates.length
    ? await db
        .select({ date: recommendations.recommendationDate, n: count() })
        .from(recommendations)
        .where(and(where, inArray(recommendations.recommendationDate, dates)))
        .groupBy(recommendations.recommendationDate)
    : [];
  const countOf = new Map(perDate.map((d) => [d.date, d.n]));
  return {
    recommendations: await scoreRows(deps, rows),
    total: counted?.total ?? 0,
    dateCounts: dates.map((d): [string, number] => [d, countOf.get(d) ?? 0]),
  };
}

/**
 * Why a stock sits where it does on the one risk scale: "60-day volatility 37.2% a year; Aggressive from 40.0%".
 * The same words for an editor's pick and a model call (docs/decisions/126-one-vocabulary.md).
 */
export const volatilityBasis = (volatility: number) =>
  `60-day volatility ${ratePercent(volatility)} a year; Aggressive from ${ratePercent(AGGRESSIVE_VOLATILITY)}`;

/** Decides the risk level the admin form does not send, and says how. */
export async function decideAggressive(
  deps: AppDeps,
  input: Pick<CreateRecommendationInput, "symbol" | "buyPrice" | "sellTarget" | "aggressive">,
  basisWhenSet = "set when posted",
): Promise<{ aggressive: boolean; basis: string }> {
  if (input.aggressive !== undefined) return { aggressive: input.aggressive, basis: basisWhenSet };
  const volatility = await deps.market.annualisedVolatility(input.symbol);
  if (volatility !== null) {
    return { aggressive: volatility >= AGGRESSIVE_VOLATILITY, basis: volatilityBasis(volatility) };
  }
  const potential = (input.sellTarget - input.buyPrice) / input.buyPrice;
  const aggressive = potential >= AGGRESSIVE_RETURN;
  return {
    aggressive,
    basis: `no price history; potential return ${ratePercent(potential)}; Aggressive from ${ratePercent(AGGRESSIVE_RETURN)}`,
  };
}

export interface Posted {
  recommendation: Recommendation;
  usedDate: string;
  postedAt: Date;
}

/**
 * How a call for `date` is made (docs/decisions/109-simulated-and-live-calls.md): simulated when its maker says so
 * (the seed, a script) or when the date is before the market's `today`, otherwise live.
 */
export const provenanceOf = (date: string, today: string, made?: "simulated"): "live" | "simulated" =>
  made ?? (date >= today ? "live" : "simulated");

/**
 * Posts one recommendation, never editing an existing one. A generated call passes what the model said in
 * `options.model` (stored as it is); an admin's post leaves those fields empty. Refused (400) when the target
 * date is before the recommendation date, and (409) when the symbol already has one on that date.
 */
export async function postRecommendation(
  deps: AppDeps,
  input: CreateRecommendationInput,
  options: {
    recommendationDate?: string;
    postedBy: number | null;
    source?: "admin" | "model";
    modelVersion?: string;
    /** What the ranking model said: call, decile, probability of the stated event, expected return and horizon. */
    model?: ModelCall;
    /** How `input.aggressive` was decided, when the caller decided it. */
    riskBasis?: string;
    /**
     * "simulated" when the caller makes the call after its date's outcome could be known (the seed, a script),
     * whatever the date; otherwise a call for a past date is simulated and one for today live.
     */
    provenance?: "simulated";
  },
): Promise<Result<Posted, 400 | 409>> {
  const today = deps.market.marketToday();
  const usedDate = options.recommendationDate ?? today;
  if (input.estimatedDate < usedDate) {
    return failure(
      400,
      "VALIDATION_ERROR",
      `estimatedDate: the target date must be on or after the recommendation date ${usedDate}.`,
    );
  }
  const risk = await decideAggressive(deps, input, options.riskBasis);
  const postedAt = deps.clock.now();
  const [row] = await deps.database.db
    .insert(recommendations)
    .values({
      symbol: input.symbol,
      buyPriceCents: input.buyPrice,
      sellTargetCents: input.sellTarget,
      confidence: input.confidence,
      aggressive: risk.aggressive,
      aggressiveBasis: risk.basis,
      estimatedDate: input.estimatedDate,
      recommendationDate: usedDate,
      reason: input.reason,
      source: options.source ?? "admin",
      provenance: provenanceOf(usedDate, today, options.provenance),
      modelVersion: options.modelVersion ?? null,
      call: options.model?.call ?? null,
      decile: options.model?.decile ?? null,
      probability: options.model?.probability ?? null,
      expectedReturn: options.model?.expectedReturn ?? null,
      expectedReturnLow: options.model?.expectedReturnLow ?? null,
      expectedReturnHigh: options.model?.expectedReturnHigh ?? null,
      horizonDays: options.model?.horizonDays ?? null,
      expectedExcessReturn: options.model?.expectedExcessReturn ?? null,
      expectedExcessLow: options.model?.expectedExcessLow ?? null,
      expectedExcessHigh: options.model?.expectedExcessHigh ?? null,
      postedBy: options.postedBy,
      createdAt: postedAt,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) {
    return failure(
      409,
      "DUPLICATE",
      `A recommendation for ${input.symbol} on ${usedDate} already exists; posted recommendations are never edited.`,
    );
  }
  const [poster] =
    options.postedBy === null
      ? []
      : await deps.database.db
          .select({
            posterFirstName: users.firstName,
            posterLastName: users.lastName,
            posterEmail: users.email,
          })
          .from(users)
          .where(eq(users.id, options.postedBy));
  const [priced] = await withPrices(deps, await scoreRows(deps, [{ ...row, ...poster }]));
  return success({ recommendation: priced!, usedDate, postedAt });
}

/** Deletes every recommendation of one date; answers how many went. */
export async function deleteRecommendationsOn(deps: AppDeps, date: string): Promise<number> {
  const deleted = await deps.database.db
    .delete(recommendations)
    .where(eq(recommendations.recommendationDate, date))
    .returning({ id: recommendations.id });
  return deleted.length;
}

/** Deletes one recommendation; answers what it was, or null when there is none with that id. */
export async function deleteRecommendation(
  deps: AppDeps,
  id: number,
): Promise<{ id: number; symbol: string; recommendationDate: string } | null> {
  const [deleted] = await deps.database.db
    .delete(recommendations)
    .where(eq(recommendations.id, id))
    .returning({
      id: recommendations.id,
      symbol: recommendations.symbol,
      recommendationDate: recommendations.recommendationDate,
    });
  return deleted ?? null;
}
