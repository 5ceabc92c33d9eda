import { Group, Text } from "@mantine/core";
import { GAIN_TEXT, LOSS_TEXT } from "../lib/colors.ts";
import { formatMoney, formatPercent } from "../lib/format.ts";
import { LazyTimeSeriesChart } from "./lazy-charts.tsx";

const UP = { light: "#1e7b34", dark: "#51cf66" };
const DOWN = { light: "#c92a2a", dark: "#ff8787" };

/**
 * A small line of recent closes, as wide as its card, coloured by the move it shows (last close against the first)
 * and captioned with that move, so its colour never contradicts a figure beside it that measures something else.
 */
export function Sparkline(props: {
  /** Daily closes, oldest first. */
  values: readonly number[];
  height?: number;
  label: string;
  /** What the line spans, e.g. "3 months". */
  span: string;
}) {
  const { values, height = 40 } = props;
  if (values.length < 2) return null;
  const first = values[0]!;
  const last = values.at(-1)!;
  // The answer carries closes without their dates, and a sparkline shows none: numbered points.
  const points = values.map((value, i) => ({ time: i + 1, value }));
  const up = last >= first;
  const move = ((last - first) / first) * 100;
  return (
    <div role="img" aria-label={`${props.label}: ${formatPercent(move)}`}>
      <LazyTimeSeriesChart
        lines={[{ label: "Close", color: up ? UP : DOWN, points, width: 2 }]}
        height={height}
        format={formatMoney}
        sparkline
      />
      <Group justify="space-between" gap={4} mt={2} mb="xs" aria-hidden>
        <Text size="xs" c="dimmed">
          {props.span}
        </Text>
        <Text size="xs" fw={600} c={up ? GAIN_TEXT : LOSS_TEXT}>
          {formatPercent(move)}
        </Text>
      </Group>
    </div>
  );
}
