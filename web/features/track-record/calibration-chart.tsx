import { Paper, Text, useComputedColorScheme } from "@mantine/core";
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  ErrorBar,
  LabelList,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { ratePercent } from "../../lib/figures.ts";
import type { CalibrationPoint } from "./charts.tsx";

const pct = (v: number, digits = 0) => ratePercent(v, digits);

/**
 * Calibration as bins: per band of stated confidence a bar of how often the stated event happened (with its 95%
 * interval) beside a mark at the probability the calls stated and one at the same-risk baseline, and the number of
 * resolved calls under each bar.
 * Drawn with recharts, loaded only with the track record.
 */
export default function CalibrationBins(props: { points: CalibrationPoint[] }) {
  const dark = useComputedColorScheme("light") === "dark";
  const text = dark ? "#c9c9c9" : "#343a40";
  const bar = dark ? "#748ffc" : "#4263eb";
  const stated = dark ? "#ffa94d" : "#d9480f";
  const sameRisk = dark ? "#ced4da" : "#495057";
  const data = props.points.map((p) => ({
    ...p,
    bin: `${p.label}\nn=${p.n}`,
    observedPct: p.observed * 100,
    statedPct: p.stated * 100,
    baselinePct: p.baseline === null ? null : p.baseline * 100,
    interval: [(p.observed - p.low) * 100, (p.high - p.observed) * 100],
  }));
  const top = Math.min(100, Math.ceil(Math.max(...props.points.map((p) => p.high)) * 10 + 1) * 10);
  return (
    <ResponsiveContainer width="100%" height={280}>
      <ComposedChart data={data} margin={{ top: 16, right: 12, bottom: 8, left: 4 }}>
        <CartesianGrid vertical={false} stroke={dark ? "#373a40" : "#e9ecef"} />
        <XAxis
          dataKey="label"
          tick={{ fill: text, fontSize: 11 }}
          interval={0}
          tickLine={false}
          axisLine={{ stroke: text }}
        />
        <YAxis
          domain={[0, top]}
          ticks={Array.from({ length: top / 20 + 1 }, (_, i) => i * 20)}
          tickFormatter={(v: number) => `${v}%`}
          tick={{ fill: text, fontSize: 11 }}
          width={44}
          tickLine={false}
          axisLine={false}
        />
        <Tooltip
          cursor={{ fill: dark ? "rgba(255,255,255,0.06)" : "rgba(0,0,0,0.04)" }}
          content={({ active, payload }) => {
            const p = active ? (payload?.[0]?.payload as (typeof data)[number] | undefined) : undefined;
            if (!p) return null;
            return (
              <Paper withBorder shadow="sm" p={6} radius="sm">
                <Text size="xs" fw={600}>
                  {p.label}: {p.n} resolved calls
                </Text>
                <Text size="xs">Stated {pct(p.stated, 1)}</Text>
                <Text size="xs">
                  Happened {pct(p.observed, 1)} (95%: {pct(p.low, 1)} to {pct(p.high, 1)})
                </Text>
                {p.baseline === null ? null : (
                  <Text size="xs">Random stocks of the same risk {pct(p.baseline, 1)}</Text>
                )}
              </Paper>
            );
          }}
        />
        <Bar
          dataKey="observedPct"
          name="Happened"
          fill={bar}
          radius={[3, 3, 0, 0]}
          maxBarSize={56}
          isAnimationActive={false}
        >
          <ErrorBar dataKey="interval" width={6} stroke={text} direction="y" />
          <LabelList
            dataKey="n"
            position="insideBottom"
            formatter={(n: unknown) => `n=${n}`}
            style={{ fill: "#ffffff", fontSize: 10 }}
          />
        </Bar>
        <Line
          dataKey="statedPct"
          name="Stated"
          stroke={stated}
          strokeWidth={0}
          dot={{ r: 5, fill: stated, stroke: stated }}
          activeDot={false}
          isAnimationActive={false}
        />
        <Line
          dataKey="baselinePct"
          name="Same risk"
          stroke={sameRisk}
          strokeWidth={0}
          dot={(d: { cx?: number; cy?: number; index?: number; value?: unknown }) =>
            d.cx === undefined || d.cy === undefined || d.value == null ? (
              <g key={`same-risk-${d.index}`} />
            ) : (
              <path
                key={`same-risk-${d.index}`}
                d={`M${d.cx},${d.cy - 5}L${d.cx + 5},${d.cy}L${d.cx},${d.cy + 5}L${d.cx - 5},${d.cy}Z`}
                fill={sameRisk}
              />
            )
          }
          activeDot={false}
          connectNulls={false}
          isAnimationActive={false}
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
