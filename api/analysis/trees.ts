// Evaluates the gradient-boosted trees trained by XGBoost (scripts/model/train_ranker.py) exactly as XGBoost's CPU
// predictor does: inputs, thresholds, leaf values and the running sum are 32-bit floats, summed tree by tree from
// the base score, so the raw score matches the library's to the last bit (api/analysis/trees.test.ts).

/** One tree in the compact form scripts/train-model.ts writes: parallel arrays indexed by node id. */
export interface Tree {
  /** Left and right child of each node; -1 on leaves. */
  left: number[];
  right: number[];
  /** Feature index a node splits on (unused on leaves). */
  feature: number[];
  /** Split threshold (go left when the value is below it), or the leaf value on leaves. */
  value: number[];
  /** 1 when a missing value goes left. */
  defaultLeft: number[];
  /** Sum of training hessians under the node (the sample count for squared error): for contributions. */
  cover: number[];
}

export interface Forest {
  baseScore: number;
  trees: Tree[];
}

const f32 = Math.fround;

function leafOf(tree: Tree, x: readonly number[]): number {
  let node = 0;
  while (tree.left[node] !== -1) {
    const v = x[tree.feature[node]!];
    if (v === undefined || !Number.isFinite(v))
      node = tree.defaultLeft[node] ? tree.left[node]! : tree.right[node]!;
    else node = f32(v) < f32(tree.value[node]!) ? tree.left[node]! : tree.right[node]!;
  }
  return node;
}

/** The raw score (margin) of one input row. */
export function rawScore(forest: Forest, x: readonly number[]): number {
  let sum = f32(forest.baseScore);
  for (const tree of forest.trees) sum = f32(sum + f32(tree.value[leafOf(tree, x)]!));
  return sum;
}

/** Cover-weighted mean leaf value under each node (the node's expected output), computed once per tree. */
const nodeMeans = new WeakMap<Tree, number[]>();
function meansOf(tree: Tree): number[] {
  const cached = nodeMeans.get(tree);
  if (cached) return cached;
  const means = new Array<number>(tree.left.length).fill(0);
  const visit = (node: number): number => {
    const l = tree.left[node]!;
    if (l === -1) means[node] = tree.value[node]!;
    else {
      const r = tree.right[node]!;
      const cl = tree.cover[l]!;
      const cr = tree.cover[r]!;
      means[node] = (visit(l) * cl + visit(r) * cr) / (cl + cr || 1);
    }
    return means[node]!;
  };
  visit(0);
  nodeMeans.set(tree, means);
  return means;
}

/**
 * Per-feature contributions to the raw score along each tree's decision path (Saabas: the change in the node's
 * expected output at each split is credited to the split's feature); with `bias` they add up to the raw score.
 * XGBoost calls this `approx_contribs`.
 */
export function contributions(forest: Forest, x: readonly number[], featureCount: number) {
  const out = new Array<number>(featureCount).fill(0);
  let bias = forest.baseScore;
  for (const tree of forest.trees) {
    const means = meansOf(tree);
    bias += means[0]!;
    let node = 0;
    while (tree.left[node] !== -1) {
      const v = x[tree.feature[node]!];
      const next =
        v === undefined || !Number.isFinite(v)
          ? tree.defaultLeft[node]
            ? tree.left[node]!
            : tree.right[node]!
          : f32(v) < f32(tree.value[node]!)
            ? tree.left[node]!
            : tree.right[node]!;
      out[tree.feature[node]!]! += means[next]! - means[node]!;
      node = next;
    }
  }
  return { bias, contributions: out };
}
