// The models the app serves: each walk-forward model serves the dates of its own year (trained and calibrated on
// earlier data only, on each date's index members), the live model every date after the last bundled session
// (trained on every known label; stale after its splits.servesUntil). The demo market's recent history (2022-2023)
// and live dates need these three; the older ones are read only by scripts/evaluate-model.ts.
// For tests only: the API reads the same files from the ranker_models table (api/analysis/models/served.ts names
// them, api/analysis/model-store.ts reads them), so no bundle carries them (decision 118).
import { servingOn } from "../analysis/model-store.ts";
import ranker2022 from "../analysis/models/ranker-2022.json" with { type: "json" };
import ranker2023 from "../analysis/models/ranker-2023.json" with { type: "json" };
import rankerLive from "../analysis/models/ranker-live.json" with { type: "json" };
import type { RankerModel } from "../analysis/ranker.ts";

export const SERVED_MODELS = [ranker2022, ranker2023, rankerLive] as unknown as readonly RankerModel[];

/** The model that may speak on `date`, or null when no committed model was trained before it. */
export function modelFor(date: string, models: readonly RankerModel[] = SERVED_MODELS): RankerModel | null {
  return servingOn(date, models, (m) => m.splits.servesFrom);
}
