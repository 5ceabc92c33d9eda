/** Shown above the latest recommendations and in the recommendation dialog. */
export const DISCLAIMER =
  "Recommendations are generated from historical data and models for information only. They are not financial advice; do your own research before investing.";
