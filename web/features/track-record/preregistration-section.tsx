import { useQuery } from "@tanstack/react-query";
import { formatDate, formatStatistic } from "../../lib/format.ts";
import { type Preregistration, preregistrationQueryOptions } from "./preregistration.queries.ts";
import { RegisteredCheckCard } from "./registered-check-card.tsx";

/** "Live calls of xgb-rank-h60-live (SHA-256 259ef9fc…) are tested once, after 396 weeks: ..." */
export function preregistrationText(p: Preregistration): string {
  return (
    `Live calls of ${p.modelVersion} (SHA-256 ${p.sha256.slice(0, 8)}…) are tested once, when ${p.weeksNeeded} ` +
    `weeks from ${formatDate(p.firstDate)} have resolved: ${p.statistic}; ${p.test}. That many weeks give an 80% chance ` +
    `of detecting a mean correlation of ${p.effect}; fewer cannot tell it from none.`
  );
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * Where the scoring has come, in plain words: nothing yet; one date's correlation; the running figures (labelled as
 * not the verdict); the verdict once the sample is complete; and any scoring date the daily job missed.
 */
export function progressText(p: Preregistration): string[] {
  const lines: string[] = [];
  const first = p.dates.find((d) => d.correlation !== null);
  if (p.datesCollected === 0)
    lines.push(
      "Nothing is scored yet: no live scoring date's 20-session outcome is known. The simulated calls above do " +
        "not count.",
    );
  else if (!p.running && first)
    lines.push(
      `1 scoring date so far (${formatDate(first.date)}): rank correlation ${formatStatistic(first.correlation!, 3)}. A t needs two.`,
    );
  if (p.running)
    lines.push(
      `So far, over ${p.running.dates} scoring dates: mean rank correlation ${formatStatistic(p.running.meanCorrelation, 3)} ` +
        `(SD ${formatStatistic(p.running.sd, 3)}), t ${formatStatistic(p.running.t, 2)}, one-sided p ${formatStatistic(p.running.p, 3)}. ` +
        `Running figures, not the verdict: the test is run once, at ${p.datesNeeded} dates.`,
    );
  if (p.verdict)
    lines.push(
      `The test, on the first ${p.verdict.dates} dates: t ${formatStatistic(p.verdict.t, 2)} against ` +
        `${formatStatistic(p.verdict.critical, 4)}: ${
          p.verdict.significant
            ? "a mean correlation above 0 at 5%"
            : "no mean correlation above 0 shown at 5%"
        }.`,
    );
  if (p.datesMissed > 0)
    lines.push(
      `${plural(p.datesMissed, "scoring date")} missed (no live scores recorded that day): not replaced by ` +
        "another date.",
    );
  return lines;
}

/**
 * The pre-registered test of live calls and how far its data has come ("0 of 396 weeks collected",
 * docs/model/preregistration.md), with the statistic so far once any date is scored. Its own query, so the page
 * shows it whatever the track record answers; it shows nothing while loading or on an error (the page's own error
 * says enough).
 */
export function PreregistrationSection() {
  const { data } = useQuery(preregistrationQueryOptions());
  if (!data) return null;
  return (
    <RegisteredCheckCard
      name="preregistration"
      title="Pre-registered test of live calls"
      summary={data.summary}
      progress={progressText(data)}
      checked={preregistrationText(data)}
      writtenBefore="Written before any live call was scored"
      document={data.document}
    />
  );
}
