import type {
  Recommendation,
  RecommendationRow,
} from "../features/recommendations/recommendations.queries.ts";

/** An admin-posted recommendation as the API answers it, open, below its buy price; tests override what they need. */
export const adminRecommendation: Recommendation = {
  id: 1,
  symbol: "KO",
  buyPrice: "50.00",
  sellTarget: "57.25",
  confidence: 82,
  aggressive: false,
  aggressiveBasis: "volatility 18% a year < 35%",
  estimatedDate: "2023-12-29",
  recommendationDate: "2023-10-27",
  reason: "Steady compounder.",
  source: "admin",
  provenance: "live",
  currentPrice: 47.5,
  currentPriceAsOf: "2023-10-27",
  outcome: {
    status: "open",
    targetReachedOn: null,
    exitDate: "2023-10-27",
    realisedReturn: -0.05,
    universeMedianReturn: 0.01,
    universeMeanReturn: 0.012,
    statedEvent: "beats-median",
    eventHappened: null,
  },
};

/**
 * The same recommendation as a list's row (docs/decisions/151-a-lean-list-row.md): no basis, price date or
 * target-price status, nulls left out; an editor's pick names its outcome's event, which its row does not state.
 */
export const adminRecommendationRow: RecommendationRow = {
  id: 1,
  symbol: "KO",
  buyPrice: "50.00",
  sellTarget: "57.25",
  confidence: 82,
  aggressive: false,
  estimatedDate: "2023-12-29",
  recommendationDate: "2023-10-27",
  reason: "Steady compounder.",
  source: "admin",
  provenance: "live",
  currentPrice: 47.5,
  outcome: { realisedReturn: -0.05, universeMedianReturn: 0.01, statedEvent: "beats-median" },
};
