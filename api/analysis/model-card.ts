// The model card (docs/model-card.json, written by scripts/evaluate-model.ts from the committed models), bundled
// like the models themselves: what the serving code and the performance answer say about the model's evidence.
import card from "../../docs/model-card.json" with { type: "json" };

/**
 * Whether the demo set's out-of-sample decile spread clears the Bonferroni hurdle for every design tried: only then
 * may a probability be shown as evidence of an edge (docs/model-card.md).
 */
export const EDGE_SIGNIFICANT = (card as { edgeSignificant?: boolean }).edgeSignificant === true;
