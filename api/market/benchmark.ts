/** The demo market's benchmark: the S&P 500 index. */
export const BENCHMARK = "^GSPC";
