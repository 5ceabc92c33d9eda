import { count, desc, eq } from "drizzle-orm";
import { insights } from "../../../db/schema/index.ts";
import type { InsightDraft } from "../../lib/analysis-port.ts";
import type { AppDeps } from "../../lib/context.ts";
import type { Insight } from "./insights.schema.ts";

type Row = typeof insights.$inferSelect;

function toInsight({ userId: _owner, createdAt, ...rest }: Row): Insight {
  return { ...rest, createdAt: createdAt.toISOString() };
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
      createdAt: deps.clock.now(),
    })
    .returning();
  return toInsight(row!);
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
