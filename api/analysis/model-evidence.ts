// What a model call carries beside its probability, apart from the engine: a list of stored calls (a first signed-in
// `latest`) states it without loading the engine's modules (decision 162).
import { type Call, statedEventOf } from "./calls.ts";
import { EDGE_SIGNIFICANT } from "./model-card.ts";
import type { ModelInfo } from "./model-store.ts";

/** What a call's probability is the chance of, in the API's words (calls.ts statedEventOf). */
export const statedEventFor = (decile: number, call: Call): "beats-median" | "trails-median" =>
  statedEventOf(decile, call) === "beat" ? "beats-median" : "trails-median";

/**
 * What a call made by model `version` on `date` carries beside its probability (api/lib/model-evidence.schema.ts):
 * the card's verdict on the edge, how far the model's training reaches and whether the date is past the dates it
 * was trained to serve (null for a version no served model has). `catalog`: the served models (modelCatalog).
 */
export function modelEvidenceOf(
  version: string | null,
  date: string | null,
  decile: number | null,
  call: Call | null,
  catalog: ReadonlyMap<string, ModelInfo>,
) {
  const model = version ? catalog.get(version) : undefined;
  return {
    statedEvent: decile === null || call === null ? null : statedEventFor(decile, call),
    edgeSignificant: EDGE_SIGNIFICANT,
    modelTrainedThrough: model?.trainedThrough ?? null,
    modelStale: model && date ? date > model.servesUntil : null,
  };
}
