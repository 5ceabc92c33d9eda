/** A small line of recent closes; green when the last is at or above the first. */
export function Sparkline(props: {
  values: readonly number[];
  width?: number;
  height?: number;
  label: string;
}) {
  const { values, width = 120, height = 32 } = props;
  if (values.length < 2) return null;
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const x = (i: number) => (i / (values.length - 1)) * (width - 2) + 1;
  const y = (v: number) => height - 1 - ((v - lo) / (hi - lo || 1)) * (height - 2);
  const up = values.at(-1)! >= values[0]!;
  return (
    <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={props.label}>
      <polyline
        fill="none"
        stroke={up ? "#1e7b34" : "#c92a2a"}
        strokeWidth={1.5}
        points={values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ")}
      />
    </svg>
  );
}
