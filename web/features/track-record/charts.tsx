import { Text } from "@mantine/core";

const W = 340;
const H = 240;
const PAD = 40;

const pct = (v: number, digits = 0) => `${(v * 100).toFixed(digits)}%`;

export interface CalibrationPoint {
  label: string;
  stated: number;
  observed: number;
  low: number;
  high: number;
  n: number;
}

/**
 * Mean stated probability (x) against how often the stated event happened (y), each with its 95% interval; the
 * diagonal is perfect calibration. The axes zoom on the range the points and intervals use, since a ranking
 * model's probabilities sit between about 50% and 65%.
 */
export function CalibrationChart(props: { points: CalibrationPoint[] }) {
  const { points } = props;
  if (!points.length) return <Text size="sm">No resolved calls with a stated probability yet.</Text>;
  const lo = Math.max(
    0,
    Math.floor(Math.min(0.4, ...points.map((p) => Math.min(p.low, p.stated))) * 10) / 10,
  );
  const hi = Math.min(
    1,
    Math.ceil(Math.max(0.7, ...points.map((p) => Math.max(p.high, p.stated))) * 10) / 10,
  );
  const x = (v: number) => PAD + ((v - lo) / (hi - lo)) * (W - PAD - 10);
  const y = (v: number) => H - PAD - ((v - lo) / (hi - lo)) * (H - PAD - 10);
  const ticks = Array.from({ length: Math.round((hi - lo) * 10) + 1 }, (_, i) => lo + i / 10);
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      width="100%"
      role="img"
      aria-labelledby="calibration-title"
      style={{ maxWidth: 460 }}
    >
      <title id="calibration-title">
        Stated probability against how often the stated event happened, with 95% intervals
      </title>
      <line x1={x(lo)} y1={y(lo)} x2={x(hi)} y2={y(hi)} stroke="#adb5bd" strokeDasharray="4" />
      <line x1={x(lo)} y1={y(lo)} x2={x(hi)} y2={y(lo)} stroke="#495057" />
      <line x1={x(lo)} y1={y(lo)} x2={x(lo)} y2={y(hi)} stroke="#495057" />
      {ticks.map((v) => (
        <g key={v}>
          <text x={x(v)} y={H - PAD + 14} fontSize="10" textAnchor="middle">
            {pct(v)}
          </text>
          <text x={PAD - 6} y={y(v) + 3} fontSize="10" textAnchor="end">
            {pct(v)}
          </text>
        </g>
      ))}
      <text x={(W + PAD) / 2} y={H - 6} fontSize="10" textAnchor="middle">
        stated probability
      </text>
      <text
        x={10}
        y={(H - PAD) / 2}
        fontSize="10"
        textAnchor="middle"
        transform={`rotate(-90 10 ${(H - PAD) / 2})`}
      >
        observed rate
      </text>
      {points.map((p) => (
        <g key={p.label}>
          <title>{`${p.label}: ${p.n} resolved calls, stated ${pct(p.stated, 1)}, happened ${pct(p.observed, 1)} (95%: ${pct(p.low, 1)} to ${pct(p.high, 1)})`}</title>
          <line
            x1={x(p.stated)}
            y1={y(p.low)}
            x2={x(p.stated)}
            y2={y(p.high)}
            stroke="#364fc7"
            strokeWidth={1.5}
          />
          <circle cx={x(p.stated)} cy={y(p.observed)} r={4} fill="#364fc7" />
          <text x={x(p.stated) + 6} y={y(p.observed) - 6} fontSize="9" fill="#212529">
            {p.label}
          </text>
        </g>
      ))}
    </svg>
  );
}

const dollars = (v: number) => `$${v.toFixed(2)}`;

/**
 * Growth of $1 held in the open calls against $1 held in the universe, both rebalanced daily to equal weights
 * (docs/decisions/021): one point per session, so the x axis is trading time.
 */
export function GrowthChart(props: {
  series: Array<{ date: string; callsValue: number; universeValue: number }>;
}) {
  const { series } = props;
  if (series.length < 2) return <Text size="sm">No call has been held for a full session yet.</Text>;
  const values = series.flatMap((p) => [p.callsValue, p.universeValue, 1]);
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const x = (i: number) => PAD + (i / (series.length - 1)) * (W - PAD - 10);
  const y = (v: number) => H - PAD - ((v - lo) / (hi - lo || 1)) * (H - PAD - 10);
  const path = (key: "callsValue" | "universeValue") =>
    series.map((p, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(p[key]).toFixed(1)}`).join(" ");
  const last = series.at(-1)!;
  // Round steps ($0.05, $0.10, $0.20, ...) giving three to six gridlines over the range.
  const step = [0.05, 0.1, 0.2, 0.25, 0.5, 1, 2, 5].find((s) => (hi - lo) / s <= 5) ?? 10;
  const ticks = Array.from(
    { length: Math.floor(hi / step + 1e-9) - Math.ceil(lo / step - 1e-9) + 1 },
    (_, i) => (Math.ceil(lo / step - 1e-9) + i) * step,
  );
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      width="100%"
      role="img"
      aria-labelledby="growth-title"
      style={{ maxWidth: 460 }}
    >
      <title id="growth-title">
        {`Cumulative total return of the recommendations against the universe's average: $1 held in the open calls from ${series[0]!.date} was worth ${dollars(last.callsValue)} on ${last.date}, $1 held in the universe ${dollars(last.universeValue)}`}
      </title>
      {ticks.map((v) => (
        <line key={v} x1={PAD} y1={y(v)} x2={W - 10} y2={y(v)} stroke="#e9ecef" />
      ))}
      <line x1={PAD} y1={y(1)} x2={W - 10} y2={y(1)} stroke="#adb5bd" />
      <path d={path("universeValue")} fill="none" stroke="#868e96" strokeWidth={2} strokeDasharray="5 3" />
      <path d={path("callsValue")} fill="none" stroke="#364fc7" strokeWidth={2} />
      {ticks.map((v) => (
        <text key={v} x={PAD - 6} y={y(v) + 3} fontSize="10" textAnchor="end">
          {dollars(v)}
        </text>
      ))}
      <text x={PAD} y={H - PAD + 14} fontSize="10">
        {series[0]!.date}
      </text>
      <text x={W - 10} y={H - PAD + 14} fontSize="10" textAnchor="end">
        {last.date}
      </text>
    </svg>
  );
}
