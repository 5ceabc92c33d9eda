// Spearman's rank correlation, as the pre-registered test defines it (docs/model/preregistration.md): Pearson's
// correlation of the ranks, ties at their average rank. scripts/preregistration-power.ts measured the per-date
// spread with the same functions.

/** Ranks from 0, ties at their average rank. */
export function averageRanks(xs: readonly number[]): number[] {
  const order = xs.map((x, i) => [x, i] as const).sort((a, b) => a[0] - b[0]);
  const out = new Array<number>(xs.length);
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && order[j + 1]![0] === order[i]![0]) j++;
    for (let k = i; k <= j; k++) out[order[k]![1]] = (i + j) / 2;
    i = j + 1;
  }
  return out;
}

/** Pearson's correlation; NaN when either side does not vary. */
export function pearson(a: readonly number[], b: readonly number[]): number {
  const ma = a.reduce((s, x) => s + x, 0) / a.length;
  const mb = b.reduce((s, x) => s + x, 0) / b.length;
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < a.length; i++) {
    ab += (a[i]! - ma) * (b[i]! - mb);
    aa += (a[i]! - ma) ** 2;
    bb += (b[i]! - mb) ** 2;
  }
  return aa && bb ? ab / Math.sqrt(aa * bb) : Number.NaN;
}

export const spearman = (a: readonly number[], b: readonly number[]) =>
  pearson(averageRanks(a), averageRanks(b));
