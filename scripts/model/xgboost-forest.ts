// Trees grown by XGBoost (scripts/model/train_ranker.py) as the TypeScript evaluator reads them (api/analysis/trees.ts).
import type { Tree } from "../../api/analysis/trees.ts";

/** The shortest decimal that is the same 32-bit float, so the committed files stay small and exact. */
export function float32Text(v: number): number {
  const f = Math.fround(v);
  for (let p = 1; p <= 9; p++) {
    const shorter = Number(f.toPrecision(p));
    if (Math.fround(shorter) === f) return shorter;
  }
  return f;
}

interface XgbTree {
  left_children: number[];
  right_children: number[];
  split_indices: number[];
  split_conditions: number[];
  default_left: number[];
  sum_hessian: number[];
}

/**
 * Reads a model saved by XGBoost. "compact" (the committed models) writes thresholds as their shortest float32
 * decimal and covers to 6 digits; "exact" (the design trials, never written out) keeps XGBoost's float32 values.
 */
export async function readForest(
  file: string,
  form: "compact" | "exact" = "compact",
): Promise<{ baseScore: number; trees: Tree[] }> {
  const float = form === "compact" ? float32Text : Math.fround;
  const learner = (await Bun.file(file).json()).learner;
  return {
    baseScore: float(Number(learner.learner_model_param.base_score)),
    trees: (learner.gradient_booster.model.trees as XgbTree[]).map((t) => ({
      left: t.left_children,
      right: t.right_children,
      feature: t.split_indices.map((f, k) => (t.left_children[k] === -1 ? 0 : f)),
      value: t.split_conditions.map((v) => float(v)),
      defaultLeft: t.default_left.map((v) => (v ? 1 : 0)),
      cover: form === "compact" ? t.sum_hessian.map((c) => Number(c.toPrecision(6))) : t.sum_hessian,
    })),
  };
}
