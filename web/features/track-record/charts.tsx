import { Text } from "@mantine/core";
import { lazy, Suspense } from "react";
import { LazyTimeSeriesChart } from "../../components/lazy-charts.tsx";
import { formatMoney } from "../../lib/format.ts";
import type { CalibrationPoint } from "./calibration-bins.ts";

const CalibrationBins = lazy(() => import("./calibration-chart.tsx"));

/**
 * Per bin (a band of stated confidence, or a year: decision 048), how often the stated event happened (a bar with
 * its 95% interval and the number of resolved calls) beside the probability the calls stated (a dot) and how often
 * random stocks of the same date and risk did the same (a square): where the dots sit on the bars' tops, the stated
 * probabilities held; where the squares do too, the calls did no better than risk alone.
 */
export function CalibrationChart(props: { points: CalibrationPoint[] }) {
  const { points } = props;
  if (!points.length) return <Text size="sm">No resolved calls with a stated probability yet.</Text>;
  return (
    <div
      role="img"
      aria-label="Stated probability against how often the stated event happened, with 95% intervals, beside random stocks of the same risk"
    >
      <Suspense fallback={<div style={{ height: 280 }} />}>
        <CalibrationBins points={points} />
      </Suspense>
      <Text size="xs" c="dimmed" aria-hidden>
        <span style={{ color: "var(--mantine-color-indigo-6)" }}>■</span> happened (95% interval clustered by
        date, n = resolved calls) <span style={{ color: "var(--mantine-color-orange-8)" }}>●</span> stated{" "}
        <span style={{ color: "var(--mantine-color-gray-7)" }}>▪</span> random stocks of the same risk
      </Text>
    </div>
  );
}

const CALLS = { light: "#364fc7", dark: "#748ffc" };
const UNIVERSE = { light: "#868e96", dark: "#adb5bd" };

/**
 * Growth of $1 held in the open calls against $1 held in the universe, both rebalanced daily to equal weights
 * (docs/decisions/021): one point per session.
 */
export function GrowthChart(props: {
  series: Array<{ date: string; callsValue: number; universeValue: number }>;
}) {
  const { series } = props;
  if (series.length < 2) return <Text size="sm">No call has been held for a full session yet.</Text>;
  const last = series.at(-1)!;
  return (
    <div
      role="img"
      aria-label={`Cumulative total return of the recommendations against the universe's average: $1 held in the open calls from ${series[0]!.date} was worth ${formatMoney(last.callsValue)} on ${last.date}, $1 held in the universe ${formatMoney(last.universeValue)}`}
    >
      <LazyTimeSeriesChart
        height={260}
        format={formatMoney}
        lines={[
          {
            label: "Calls",
            color: CALLS,
            points: series.map((p) => ({ time: p.date, value: p.callsValue })),
          },
          {
            label: "Universe",
            color: UNIVERSE,
            dashed: true,
            points: series.map((p) => ({ time: p.date, value: p.universeValue })),
          },
        ]}
      />
    </div>
  );
}
