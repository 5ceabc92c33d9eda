import { sigmoid } from "./ranker.ts";

/** Means and standard deviations of each column (sample standard deviation). */
export function standardisation(rows: readonly number[][]): { mean: number[]; std: number[] } {
  const d = rows[0]?.length ?? 0;
  const mean = Array.from({ length: d }, (_, j) => rows.reduce((a, r) => a + r[j]!, 0) / rows.length);
  const std = Array.from({ length: d }, (_, j) =>
    Math.sqrt(rows.reduce((a, r) => a + (r[j]! - mean[j]!) ** 2, 0) / (rows.length - 1)),
  );
  return { mean, std };
}

/** L2-regularised logistic regression by full-batch Adam from zero: deterministic for the same data. */
export function fitLogistic(
  x: readonly number[][],
  y: readonly number[],
  options: { l2: number; iterations: number; learningRate?: number },
): { weights: number[]; bias: number } {
  const d = x[0]?.length ?? 0;
  const w = new Array<number>(d).fill(0);
  let b = 0;
  const m = new Array<number>(d + 1).fill(0);
  const v = new Array<number>(d + 1).fill(0);
  const lr = options.learningRate ?? 0.05;
  for (let it = 1; it <= options.iterations; it++) {
    const grad = new Array<number>(d + 1).fill(0);
    for (let i = 0; i < x.length; i++) {
      const xi = x[i]!;
      let logit = b;
      for (let j = 0; j < d; j++) logit += w[j]! * xi[j]!;
      const err = sigmoid(logit) - y[i]!;
      for (let j = 0; j < d; j++) grad[j]! += err * xi[j]!;
      grad[d]! += err;
    }
    for (let j = 0; j <= d; j++) {
      const g = grad[j]! / x.length + (j < d ? options.l2 * w[j]! : 0);
      m[j] = 0.9 * m[j]! + 0.1 * g;
      v[j] = 0.999 * v[j]! + 0.001 * g * g;
      const step = (lr * (m[j]! / (1 - 0.9 ** it))) / (Math.sqrt(v[j]! / (1 - 0.999 ** it)) + 1e-8);
      if (j < d) w[j] = w[j]! - step;
      else b -= step;
    }
  }
  return { weights: w, bias: b };
}

/** Platt scaling: p = sigmoid(a * logit + b) fitted by gradient descent on held-out logits. */
export function fitPlatt(
  logits: readonly number[],
  y: readonly number[],
  iterations = 1500,
): { a: number; b: number } {
  let a = 1;
  let c = 0;
  for (let it = 0; it < iterations; it++) {
    let ga = 0;
    let gc = 0;
    for (let i = 0; i < logits.length; i++) {
      const err = sigmoid(a * logits[i]! + c) - y[i]!;
      ga += err * logits[i]!;
      gc += err;
    }
    a -= (0.5 * ga) / logits.length;
    c -= (0.5 * gc) / logits.length;
  }
  return { a, b: c };
}
