// `bun scripts/preregistration-power.ts`: the figures behind docs/model/preregistration.md. Reads the out-of-sample
// walk-forward scores (docs/model/walk-forward.csv.gz, demo set) and the demo market's adjusted closes, computes each
// scored date's Spearman rank correlation of the score with the next 20 sessions' total return over the date's index
// members, and from the spread of those per-date correlations the number of non-overlapping dates (and so weeks of
// live calls) a one-sided t-test at 5% needs to detect a mean correlation of 0.03 with 80% power. Writes
// api/analysis/preregistration.json with the SHA-256 of the served live model file (deterministic; `--check`
// compares instead of writing).
import { createHash } from "node:crypto";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { spearman } from "../api/analysis/rank-correlation.ts";
import { parseCli } from "./cli/args.ts";

const cli = parseCli({
  usage: `usage: bun scripts/preregistration-power.ts [--check]

Measures the per-date rank correlation of the walk-forward scores with the next 20 sessions' return and writes the
power calculation and the live model's SHA-256 to api/analysis/preregistration.json.
  --check   write nothing; exit 1 if the file differs from what the data give now`,
  options: { check: { type: "boolean" } },
});

/** Fixed in advance (docs/model/preregistration.md). */
const HORIZON = 20;
const EFFECT = 0.03;
const ALPHA = 0.05;
const POWER = 0.8;
/** Standard normal quantiles of 1 - ALPHA and POWER. */
const Z_ALPHA = 1.6448536;
const Z_POWER = 0.8416212;
/** Weekly calls: 5 sessions a week, so a non-overlapping 20-session date every 4 weeks. */
const WEEKS_PER_DATE = HORIZON / 5;
const MODEL_FILE = "api/analysis/models/ranker-live.json";
/** The first market day on or after the date the pre-registration was written (2026-11-28, a Saturday). */
const FIRST_DATE = "2026-11-30";

const root = join(import.meta.dir, "..");
const gunzipText = async (path: string) =>
  gunzipSync(new Uint8Array(await Bun.file(join(root, path)).arrayBuffer())).toString("utf8");

// Adjusted closes: dividends count, as in the model's label.
const closes = new Map<string, Array<{ date: string; close: number }>>();
for (const path of ["data/history/prices-before-2013-10-28.csv.gz", "data/market/prices.csv.gz"]) {
  for (const line of (await gunzipText(path)).trim().split("\n").slice(1)) {
    const cells = line.split(",");
    const list = closes.get(cells[0]!) ?? [];
    list.push({ date: cells[1]!, close: Number(cells[6]) });
    closes.set(cells[0]!, list);
  }
}
for (const list of closes.values()) list.sort((a, b) => a.date.localeCompare(b.date));
const indexOf = new Map([...closes].map(([s, list]) => [s, new Map(list.map((b, i) => [b.date, i]))]));

function forward(symbol: string, date: string): number | null {
  const list = closes.get(symbol);
  const i = indexOf.get(symbol)?.get(date);
  if (!list || i === undefined || !list[i + HORIZON]) return null;
  return list[i + HORIZON]!.close / list[i]!.close - 1;
}

const byDate = new Map<string, Array<{ score: number; ret: number }>>();
const text = await gunzipText("docs/model/walk-forward.csv.gz");
for (const line of text.trim().split("\n").slice(1)) {
  const [set, date, symbol, probability] = line.split(",");
  if (set !== "demo") continue;
  const ret = forward(symbol!, date!);
  if (ret === null) continue;
  const list = byDate.get(date!) ?? [];
  list.push({ score: Number(probability), ret });
  byDate.set(date!, list);
}
const dates = [...byDate.keys()].sort();
const ics = dates
  .map((date) => {
    const rows = byDate.get(date)!;
    return {
      date,
      ic: spearman(
        rows.map((r) => r.score),
        rows.map((r) => r.ret),
      ),
      stocks: rows.length,
    };
  })
  .filter((d) => Number.isFinite(d.ic));

const meanOf = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const sdOf = (xs: readonly number[]) => {
  const m = meanOf(xs);
  return Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1));
};
// Scored dates are a week apart: every 4th is 20 sessions on, so those dates' outcomes do not overlap.
const nonOverlapping = ics.filter((_, i) => i % WEEKS_PER_DATE === 0).map((d) => d.ic);
const all = ics.map((d) => d.ic);
const sd = sdOf(all);
// One-sample, one-sided t-test of mean > 0: n = ((z_alpha + z_power) * sd / effect)^2, plus z_alpha^2 / 2 for
// estimating sd (Guenther 1981), rounded up.
const nNormal = (((Z_ALPHA + Z_POWER) * sd) / EFFECT) ** 2;
const datesNeeded = Math.ceil(nNormal + Z_ALPHA ** 2 / 2);
const round = (x: number, digits = 4) => Number(x.toFixed(digits));

const modelText = await Bun.file(join(root, MODEL_FILE)).arrayBuffer();
const model = JSON.parse(new TextDecoder().decode(modelText)) as { version: string };
const out = {
  modelFile: MODEL_FILE,
  modelVersion: model.version,
  sha256: createHash("sha256").update(new Uint8Array(modelText)).digest("hex"),
  statistic:
    "per-date Spearman rank correlation of the live model's score with the next 20 sessions' total return, " +
    "over every index member scored that date, on dates 20 sessions apart",
  test: "one-sided one-sample t-test of mean correlation > 0 at 5%",
  horizonSessions: HORIZON,
  weeksPerDate: WEEKS_PER_DATE,
  firstDate: FIRST_DATE,
  effect: EFFECT,
  alpha: ALPHA,
  power: POWER,
  measured: {
    from: ics[0]!.date,
    to: ics.at(-1)!.date,
    dates: ics.length,
    meanStocks: Math.round(meanOf(ics.map((d) => d.stocks))),
    meanIc: round(meanOf(all)),
    sdIc: round(sd),
    nonOverlapping: {
      dates: nonOverlapping.length,
      meanIc: round(meanOf(nonOverlapping)),
      sdIc: round(sdOf(nonOverlapping)),
      t: round((meanOf(nonOverlapping) / sdOf(nonOverlapping)) * Math.sqrt(nonOverlapping.length), 2),
    },
  },
  datesNeededNormal: round(nNormal, 1),
  datesNeeded,
  weeksNeeded: datesNeeded * WEEKS_PER_DATE,
};
const path = join(root, "api/analysis/preregistration.json");
const json = `${JSON.stringify(out, null, 1)}\n`;
if (cli.values.check) {
  const file = Bun.file(path);
  if (!(await file.exists()) || (await file.text()) !== json) {
    console.error("differs from what the data give now: api/analysis/preregistration.json");
    process.exit(1);
  }
} else await Bun.write(path, json);
console.log(
  `${ics.length} dates, per-date IC mean ${out.measured.meanIc} sd ${out.measured.sdIc}; ` +
    `${datesNeeded} non-overlapping dates = ${out.weeksNeeded} weeks for ${EFFECT} at ${POWER * 100}% power`,
);
