import { fractionAsShown } from "../../lib/format.ts";
import { reasonSummary } from "./reason-summary.ts";
import type { Recommendation, RecommendationListItem } from "./recommendations.schema.ts";

/** A fraction at the tenth of a percentage point a person reads; left out (undefined) where the record has null. */
const asShown = (fraction: number | null | undefined) =>
  fraction == null ? undefined : fractionAsShown(fraction);

/** A field beyond the spec's: left out of a list's row where the whole record has null. */
const present = <T>(value: T | null | undefined): T | undefined => value ?? undefined;

/**
 * A recommendation as the lists carry it (docs/decisions/151-a-lean-list-row.md): the spec's fields, the reason as
 * its two-line summary, and what a card, the history table and its CSV show, at the precision they show it. Left-out
 * fields are `undefined`, which JSON leaves out of the answer; the detail (`recommendationById`) has them all.
 */
export function listItem(r: Recommendation): RecommendationListItem {
  const outcome = r.outcome;
  return {
    id: r.id,
    symbol: r.symbol,
    buyPrice: r.buyPrice,
    sellTarget: r.sellTarget,
    confidence: r.confidence,
    aggressive: r.aggressive,
    estimatedDate: r.estimatedDate,
    recommendationDate: r.recommendationDate,
    reason: reasonSummary(r.reason, r.source),
    currentPrice: r.currentPrice ?? null,
    source: r.source,
    provenance: r.provenance,
    postedByName: present(r.postedByName),
    call: present(r.call),
    decile: present(r.decile),
    horizonDays: present(r.horizonDays),
    statedEvent: present(r.statedEvent),
    expectedExcessReturn: asShown(r.expectedExcessReturn),
    expectedExcessLow: asShown(r.expectedExcessLow),
    expectedExcessHigh: asShown(r.expectedExcessHigh),
    // Flags of the model card and the model's age: a card reads only that they are true.
    edgeSignificant: r.edgeSignificant === true ? true : undefined,
    modelStale: r.modelStale === true ? true : undefined,
    // An editor's pick's; null there says the model could not rank the stock that day.
    modelView: r.modelView,
    outcome: outcome && {
      realisedReturn: asShown(outcome.realisedReturn),
      universeMedianReturn: asShown(outcome.universeMedianReturn),
      // A model call's outcome scores the event its probability states: said once, on the row.
      statedEvent: outcome.statedEvent === r.statedEvent ? undefined : outcome.statedEvent,
      eventHappened: present(outcome.eventHappened),
    },
  };
}
