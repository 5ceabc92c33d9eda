import { useQuery } from "@tanstack/react-query";
import { FITTED_RANGE } from "../../../api/analysis/fitted-range.constants.ts";
import { formatDate, ratePercent } from "../../lib/format.ts";
import { FiguresTable } from "./figures-table.tsx";
import { type Preregistration, preregistrationQueryOptions } from "./preregistration.queries.ts";
import { RegisteredCheckCard } from "./registered-check-card.tsx";

type RangeCheck = Preregistration["ranges"];

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** What is checked, in plain words, with the target and why the date is the unit. */
export function rangeCheckText(r: RangeCheck): string {
  return (
    `Each stock's ${FITTED_RANGE} is checked on live calls: every index member's range on dates ` +
    `${r.horizonSessions} sessions apart from ${formatDate(r.firstDate)}, the share of outcomes inside, below and ` +
    `above it by volatility fifth, against a target of ${ratePercent(r.target.low, 0)} to ` +
    `${ratePercent(r.target.high, 0)} inside. ` +
    `Stocks of one date move together, so the date is the unit: ${r.datesNeeded} dates give a 95% interval of ` +
    "±3 points."
  );
}

/** Where the check has come: nothing yet, or the running figures (labelled as not the verdict), and missed dates. */
export function rangeProgressText(r: RangeCheck): string[] {
  const lines: string[] = [];
  if (r.datesCollected === 0)
    lines.push(
      `Nothing is checked yet: no registered date's ${r.horizonSessions}-session outcome is known. The simulated ` +
        "calls above do not count.",
    );
  if (r.verdict)
    lines.push(
      `The check, on the first ${r.datesNeeded} dates: ${r.verdict.filter((f) => f.targetMet).length} of 5 ` +
        "fifths within the target.",
    );
  if (r.datesMissed > 0)
    lines.push(
      `${plural(r.datesMissed, "registered date")} missed (no live scores recorded that day): not replaced by ` +
        "another date.",
    );
  return lines;
}

/** The table's caption: running figures say they are not the verdict. */
const captionOf = (r: RangeCheck, dates: number) =>
  `${
    r.verdict
      ? `The check, over its ${r.datesNeeded} dates`
      : `Running figures over ${plural(dates, "date")}, not the verdict: the check is judged once, at ${r.datesNeeded} dates`
  }. Share of outcomes inside the range by volatility fifth (1 calmest), with its 95% interval from two dates on.`;

const interval = (low: number | null, high: number | null) =>
  low === null || high === null ? "" : ` (${ratePercent(low)} to ${ratePercent(high)})`;

/**
 * The pre-registered check of the ranges on live calls ("0 of 32 dates collected",
 * docs/model/preregistration-ranges.md, decision 140): its running shares per volatility fifth once a date resolves,
 * labelled as not the verdict. Reads the same answer as the test of calls; nothing while loading or on an error.
 */
export function RangeCheckSection() {
  const { data } = useQuery(preregistrationQueryOptions());
  if (!data) return null;
  const r = data.ranges;
  const shown = r.verdict ?? r.running;
  return (
    <RegisteredCheckCard
      name="range-check"
      title="Pre-registered check of the ranges on live calls"
      summary={r.summary}
      progress={rangeProgressText(r)}
      checked={rangeCheckText(r)}
      writtenBefore="Written before any live range was scored"
      document={r.document}
    >
      {shown ? (
        <FiguresTable
          minWidth={280}
          mt="xs"
          caption={captionOf(r, shown[0]!.dates)}
          columns={["Fifth", "Inside", "Below", "Above"]}
          rows={shown.map((f) => ({
            key: f.fifth,
            label: f.fifth,
            cells: [
              `${ratePercent(f.inside)}${interval(f.insideLow, f.insideHigh)}`,
              ratePercent(f.below),
              ratePercent(f.above),
            ],
          }))}
        />
      ) : null}
    </RegisteredCheckCard>
  );
}
