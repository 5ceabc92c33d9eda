// The models the app serves: each walk-forward model serves the dates of its own year (trained and calibrated on
// earlier data only), the newest every date after. The demo market's recent history (2022-2023) and live dates
// need these three; the older ones are read only by scripts/evaluate-model.ts.
import type { RankerModel } from "../ranker.ts";
import ranker2022 from "./ranker-2022.json" with { type: "json" };
import ranker2023 from "./ranker-2023.json" with { type: "json" };
import ranker2024 from "./ranker-2024.json" with { type: "json" };

export const SERVED_MODELS = [ranker2022, ranker2023, ranker2024] as unknown as readonly RankerModel[];

/** The model that may speak on `date`, or null when no committed model was trained before it. */
export function modelFor(date: string, models: readonly RankerModel[] = SERVED_MODELS): RankerModel | null {
  let chosen: RankerModel | null = null;
  for (const m of models) if (m.splits.servesFrom <= date) chosen = m;
  return chosen;
}
