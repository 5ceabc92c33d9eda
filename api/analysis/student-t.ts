// Student's t distribution for the pre-registered one-sided test: its upper tail through the regularized
// incomplete beta function (continued fraction, Lentz's method; log-gamma by Lanczos' series), as in Numerical
// Recipes (2nd ed., 6.1 and 6.4). Accurate to about 1e-10, far beyond the three decimals the test prints.

const LANCZOS = [
  76.18009172947146, -86.50532032941678, 24.01409824083091, -1.231739572450155, 0.1208650973866179e-2,
  -0.5395239384953e-5,
];

function logGamma(x: number): number {
  let y = x;
  const tmp = x + 5.5 - (x + 0.5) * Math.log(x + 5.5);
  let series = 1.000000000190015;
  for (const c of LANCZOS) series += c / ++y;
  return -tmp + Math.log((2.5066282746310007 * series) / x);
}

function betaContinuedFraction(a: number, b: number, x: number): number {
  const tiny = 1e-300;
  const clamp = (v: number) => (Math.abs(v) < tiny ? tiny : v);
  let c = 1;
  let d = 1 / clamp(1 - ((a + b) * x) / (a + 1));
  let h = d;
  for (let m = 1; m <= 300; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a - 1 + m2) * (a + m2));
    d = 1 / clamp(1 + aa * d);
    c = clamp(1 + aa / c);
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + 1 + m2));
    d = 1 / clamp(1 + aa * d);
    c = clamp(1 + aa / c);
    const step = d * c;
    h *= step;
    if (Math.abs(step - 1) < 3e-16) break;
  }
  return h;
}

/** The regularized incomplete beta function I_x(a, b). */
export function regularizedBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  return x < (a + 1) / (a + b + 2)
    ? (front * betaContinuedFraction(a, b, x)) / a
    : 1 - (front * betaContinuedFraction(b, a, 1 - x)) / b;
}

/** P(T > t) for Student's t with `df` degrees of freedom: a one-sided p-value. */
export function tUpperTail(t: number, df: number): number {
  const tail = 0.5 * regularizedBeta(df / (df + t * t), df / 2, 0.5);
  return t >= 0 ? tail : 1 - tail;
}

/** The t with P(T > t) = `p` (0 < p < 1), by bisection on the tail. */
export function tCritical(p: number, df: number): number {
  let low = -1e3;
  let high = 1e3;
  for (let i = 0; i < 200; i++) {
    const mid = (low + high) / 2;
    if (tUpperTail(mid, df) > p) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}
