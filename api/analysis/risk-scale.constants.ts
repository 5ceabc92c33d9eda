// One risk scale for every screen (docs/decisions/126-one-vocabulary.md): a stock whose annualised 60-day
// volatility is at or above AGGRESSIVE_VOLATILITY is Aggressive, anything below it Conservative, on a
// recommendation's card and dialog, an analysis's card and the Historical filter alike.

/** Annualised 60-day volatility at or above this is Aggressive: an analysis's HIGH and a recommendation's flag. */
export const AGGRESSIVE_VOLATILITY = 0.4;

/**
 * Below this an analysis's `riskLevel` is LOW rather than MEDIUM: the spec's field has three values, but both read
 * Conservative, since the recommendation it may become has only the flag.
 */
export const LOW_VOLATILITY = 0.25;
