// What a stock's range is, in the one wording every reader sees: the outlook line, the reason text, the API's field
// descriptions (decision 140). It was fitted to hold 80% of outcomes; on the years held back from its fit it held
// less in most volatility fifths, so no label may say it holds 80%.

export const FITTED_RANGE = "range fitted to hold 80% of outcomes (10th to 90th percentile)";

/** "range fitted to hold 80% of outcomes (10th to 90th percentile): -9.8% to +12.1%", the ends formatted by the caller. */
export const fittedRangeText = (low: string, high: string): string => `${FITTED_RANGE}: ${low} to ${high}`;
