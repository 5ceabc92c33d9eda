// Every design of the ranking model tried on this history, counted for the multiple-testing hurdle of the model card
// (docs/decisions/067-design-budget.md). A design is any choice of what the model ranks on or how, made after
// seeing some test-year result; each adds one to the Bonferroni count whether it was kept or not.

export interface Design {
  name: string;
  when: string;
  result: string;
}

/** Tried before issue 24 (the card of 2026-11-24): the research note's 21, the XGBoost port, two calibration changes. */
export const DESIGNS_BEFORE = 24;

export const DESIGNS: Design[] = [
  {
    name: "24 designs before issue 24",
    when: "issues 7-11",
    result:
      "the research note's 21 designs, its LightGBM rank-label design ported to XGBoost, a pooled calibration and " +
      "the calibration slope floored at zero; measured on a universe that knew the future (see the shared review)",
  },
  {
    name: "the same XGBoost design trained, calibrated and tested on each date's index members only",
    when: "issue 24",
    result: "the model served; figures above",
  },
];

export const DESIGNS_TRIED = DESIGNS_BEFORE + DESIGNS.length - 1;
