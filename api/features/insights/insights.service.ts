import { count, desc, eq } from "drizzle-orm";
import { insights } from "../../../db/schema/index.ts";
import { modelEvidenceOf } from "../../analysis/engine.ts";
import type { InsightDraft } from "../../lib/analysis-port.ts";
import type { AppDeps } from "../../lib/context.ts";
import { type DataVersions, pricesStamp, readDataVersions } from "../../lib/derived-data.ts";
import { type KeptJson, keepJson } from "../../lib/kept-answer.ts";
import { narrate } from "../../lib/narrative.ts";
import { failure, type Result, success } from "../../lib/result.ts";
import type { Insight } from "./insights.schema.ts";

type Row = typeof insights.$inferSelect;

function toInsight({ userId: _owner, createdAt, newsAvailable, ...rest }: Row): Insight {
  return {
    ...rest,
    ...(newsAvailable === null ? {} : { newsAvailable }),
    ...modelEvidenceOf(rest.modelVersion, rest.asOf, rest.decile),
    createdAt: createdAt.toISOString(),
  };
}

/** Markets whose provider answers headlines: the demo market and the stand-in have no news source. */
const NEWS_SOURCES = new Set(["yahoo", "finnhub"]);

/** Says when there is no news source, so "NEUTRAL" is never read as news that balanced out. */
function withNewsSource(draft: InsightDraft, newsAvailable: boolean): InsightDraft {
  if (newsAvailable) return { ...draft, newsAvailable };
  return {
    ...draft,
    newsAvailable,
    reasoning: `${draft.reasoning} No news source is configured, so no news went into this analysis.`,
  };
}

const ANALYSIS_UNAVAILABLE = failure(503, "UNAVAILABLE", "Analysis is not available on this server.");

/** Symbols whose engine figures are kept per prices stamp: the demo universe's ~500 fit. */
const ANALYSES_KEPT = 1024;

/**
 * Analyses a symbol now (prose by the narrative writer when one is configured), keeps it in the user's history and
 * answers it as saved; 503 without an engine. An unknown symbol throws UnknownSymbolError (answered 404 by the app).
 */
export async function analyzeSymbol(
  deps: AppDeps,
  userId: number,
  symbol: string,
  versions?: DataVersions,
): Promise<Result<Insight, 503>> {
  const { analysis } = deps;
  if (!analysis) return ANALYSIS_UNAVAILABLE;
  versions ??= await readDataVersions(deps.database.db);
  // The engine's figures for a symbol change only with the prices (the demo market's: once per market version;
  // a live market's are not kept); the prose is written afresh each time.
  const figures = await deps.derived.get(
    "analyses",
    pricesStamp(versions, deps.market),
    symbol,
    () => analysis.analyze(symbol),
    ANALYSES_KEPT,
  );
  const draft = await narrate(
    deps.narrative,
    withNewsSource(figures, NEWS_SOURCES.has(deps.market.source)),
    deps.log,
  );
  return success(await saveInsight(deps, userId, draft));
}

/** Stores an analysis for its user and answers it as saved. */
export async function saveInsight(deps: AppDeps, userId: number, draft: InsightDraft): Promise<Insight> {
  const [row] = await deps.database.db
    .insert(insights)
    .values({
      userId,
      symbol: draft.symbol,
      recommendation: draft.recommendation,
      riskLevel: draft.riskLevel,
      currentPrice: draft.currentPrice,
      projectedPrice: draft.projectedPrice,
      confidence: draft.confidence,
      timeHorizon: draft.timeHorizon,
      targetDate: draft.targetDate,
      reasoning: draft.reasoning,
      newsImpact: draft.newsImpact,
      keyFactors: draft.keyFactors,
      newsSummary: draft.newsSummary ?? null,
      probability: draft.probability ?? null,
      modelVersion: draft.modelVersion ?? null,
      asOf: draft.asOf ?? null,
      decile: draft.decile ?? null,
      expectedReturn: draft.expectedReturn ?? null,
      expectedReturnLow: draft.expectedReturnLow ?? null,
      expectedReturnHigh: draft.expectedReturnHigh ?? null,
      horizonDays: draft.horizonDays ?? null,
      expectedExcessReturn: draft.expectedExcessReturn ?? null,
      expectedExcessLow: draft.expectedExcessLow ?? null,
      expectedExcessHigh: draft.expectedExcessHigh ?? null,
      newsAvailable: draft.newsAvailable ?? null,
      createdAt: deps.clock.now(),
    })
    .returning();
  return toInsight(row!);
}

/** Pages kept, across users. */
const PAGES_KEPT = 256;

/**
 * A page of the user's insights as a kept answer with its total, under their lists version (bumped by any write
 * to their insights, in any process: decision 027).
 */
export async function insightHistoryAnswer(
  deps: AppDeps,
  user: { id: number; listsVersion: number },
  page: number,
  pageSize: number,
): Promise<{ items: KeptJson<Insight[]>; total: number }> {
  return deps.derived.get(
    "insight history answers",
    "stored rows",
    `${user.id}:${user.listsVersion}:${page}:${pageSize}`,
    async () => {
      const { items, total } = await insightHistory(deps, user.id, page, pageSize);
      return { items: keepJson(items), total };
    },
    PAGES_KEPT,
  );
}

/** The user's own insights, newest first, one page at a time. */
export async function insightHistory(deps: AppDeps, userId: number, page: number, pageSize: number) {
  const { db } = deps.database;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(insights)
      .where(eq(insights.userId, userId))
      .orderBy(desc(insights.createdAt), desc(insights.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(insights).where(eq(insights.userId, userId)),
  ]);
  return { items: rows.map(toInsight), total: total?.n ?? 0 };
}
