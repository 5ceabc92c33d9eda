import { and, count, desc, eq } from "drizzle-orm";
import { insights } from "../../../db/schema/index.ts";
import { modelEvidenceOf } from "../../analysis/model-evidence.ts";
import { type ModelInfo, modelCatalog } from "../../analysis/model-store.ts";
import type { InsightDraft } from "../../lib/analysis-port.ts";
import type { AppDeps } from "../../lib/context.ts";
import { narrate } from "../../lib/narrative.ts";
import type { Insight } from "./insights.schema.ts";

type Row = typeof insights.$inferSelect;

function toInsight(
  { userId: _owner, createdAt, newsAvailable, ...rest }: Row,
  catalog: ReadonlyMap<string, ModelInfo>,
): Insight {
  return {
    ...rest,
    ...(newsAvailable === null ? {} : { newsAvailable }),
    ...modelEvidenceOf(rest.modelVersion, rest.asOf, rest.decile, rest.recommendation, catalog),
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

/**
 * Keeps the engine's figures for a symbol in the user's history, with prose by the narrative writer when one is
 * configured (written afresh each time), and answers the analysis as saved.
 */
export async function saveAnalysis(deps: AppDeps, userId: number, figures: InsightDraft): Promise<Insight> {
  const draft = await narrate(
    deps.narrative,
    withNewsSource(figures, NEWS_SOURCES.has(deps.market.source)),
    deps.log,
  );
  return saveInsight(deps, userId, draft);
}

/**
 * Stores an analysis for its user and answers it as saved. The user's analysis of the same symbol on the same market
 * date (`asOf`: the same closing prices) is brought up to date in place, keeping its id, rather than stacked beside
 * it (docs/decisions/133-one-analysis-per-symbol-and-market-day.md).
 */
export async function saveInsight(deps: AppDeps, userId: number, draft: InsightDraft): Promise<Insight> {
  const { db } = deps.database;
  const values = {
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
  };
  const [same] = draft.asOf
    ? await db
        .select({ id: insights.id })
        .from(insights)
        .where(
          and(eq(insights.userId, userId), eq(insights.symbol, draft.symbol), eq(insights.asOf, draft.asOf)),
        )
        .orderBy(desc(insights.createdAt))
        .limit(1)
    : [];
  const [row] = same
    ? await db.update(insights).set(values).where(eq(insights.id, same.id)).returning()
    : await db.insert(insights).values(values).returning();
  return toInsight(row!, await modelCatalog(db));
}

/** The user's own insights, newest first, one page at a time. */
export async function insightHistory(deps: AppDeps, userId: number, page: number, pageSize: number) {
  const { db } = deps.database;
  const [rows, [total], catalog] = await Promise.all([
    db
      .select()
      .from(insights)
      .where(eq(insights.userId, userId))
      .orderBy(desc(insights.createdAt), desc(insights.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(insights).where(eq(insights.userId, userId)),
    // The served models' dates, read once per process or isolate, for each insight's model evidence.
    modelCatalog(db),
  ]);
  return { items: rows.map((r) => toInsight(r, catalog)), total: total?.n ?? 0 };
}
