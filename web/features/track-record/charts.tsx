import { Text } from "@mantine/core";

const W = 320;
const H = 220;
const PAD = 36;

/** Stated confidence (x) against how often calls beat the index (y); the diagonal is perfect calibration. */
export function CalibrationChart(props: {
  points: Array<{ label: string; stated: number; observed: number; n: number }>;
}) {
  const x = (v: number) => PAD + v * (W - PAD - 8);
  const y = (v: number) => H - PAD - v * (H - PAD - 8);
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      width="100%"
      role="img"
      aria-labelledby="calibration-title"
      style={{ maxWidth: 420 }}
    >
      <title id="calibration-title">Stated confidence against how often the calls beat the index</title>
      <line x1={x(0)} y1={y(0)} x2={x(1)} y2={y(1)} stroke="#adb5bd" strokeDasharray="4" />
      <line x1={x(0)} y1={y(0)} x2={x(1)} y2={y(0)} stroke="#495057" />
      <line x1={x(0)} y1={y(0)} x2={x(0)} y2={y(1)} stroke="#495057" />
      {[0, 0.5, 1].map((v) => (
        <g key={v}>
          <text x={x(v)} y={H - PAD + 14} fontSize="10" textAnchor="middle">
            {v * 100}%
          </text>
          <text x={PAD - 6} y={y(v) + 3} fontSize="10" textAnchor="end">
            {v * 100}%
          </text>
        </g>
      ))}
      <text x={(W + PAD) / 2} y={H - 4} fontSize="10" textAnchor="middle">
        stated confidence
      </text>
      {props.points.map((p) => (
        <circle
          key={p.label}
          cx={x(p.stated)}
          cy={y(p.observed)}
          r={Math.min(12, 3 + Math.sqrt(p.n))}
          fill="#4263eb"
          fillOpacity={0.7}
        >
          <title>{`${p.label}: ${p.n} resolved calls, stated ${(p.stated * 100).toFixed(0)}%, beat the index ${(p.observed * 100).toFixed(0)}%`}</title>
        </circle>
      ))}
    </svg>
  );
}

/** Cumulative average return of the calls against the index over the same days. */
export function CumulativeChart(props: {
  series: Array<{ date: string; strategy: number; benchmark: number }>;
}) {
  const { series } = props;
  if (series.length < 2) return <Text size="sm">Not enough resolved calls yet.</Text>;
  const values = series.flatMap((p) => [p.strategy, p.benchmark, 0]);
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const x = (i: number) => PAD + (i / (series.length - 1)) * (W - PAD - 8);
  const y = (v: number) => H - PAD - ((v - lo) / (hi - lo || 1)) * (H - PAD - 8);
  const path = (key: "strategy" | "benchmark") =>
    series.map((p, i) => `${i ? "L" : "M"}${x(i)},${y(p[key])}`).join(" ");
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      width="100%"
      role="img"
      aria-labelledby="cumulative-title"
      style={{ maxWidth: 420 }}
    >
      <title id="cumulative-title">Cumulative return of the recommendations against the S&amp;P 500</title>
      <line x1={PAD} y1={y(0)} x2={W - 8} y2={y(0)} stroke="#adb5bd" />
      <path d={path("benchmark")} fill="none" stroke="#868e96" strokeWidth={2} />
      <path d={path("strategy")} fill="none" stroke="#4263eb" strokeWidth={2} />
      <text x={PAD - 6} y={y(hi) + 3} fontSize="10" textAnchor="end">
        {(hi * 100).toFixed(0)}%
      </text>
      <text x={PAD - 6} y={y(lo) + 3} fontSize="10" textAnchor="end">
        {(lo * 100).toFixed(0)}%
      </text>
      <text x={PAD} y={H - PAD + 14} fontSize="10">
        {series[0]!.date}
      </text>
      <text x={W - 8} y={H - PAD + 14} fontSize="10" textAnchor="end">
        {series.at(-1)!.date}
      </text>
    </svg>
  );
}
