import { Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { LoadError } from "../../components/load-error.tsx";
import TimeSeriesChart, { type ChartLine } from "../../components/time-series-chart.tsx";
import { formatDate, formatMoney } from "../../lib/format.ts";
import { priceHistoryQueryOptions } from "../../lib/market-status.queries.ts";

const CLOSE = { light: "#4263eb", dark: "#748ffc" };
const SMA50 = { light: "#e8590c", dark: "#ffa94d" };
const SMA200 = { light: "#868e96", dark: "#adb5bd" };
const PROJECTED = { light: "#1e7b34", dark: "#51cf66" };

/**
 * The last year of closes with the 50- and 200-day averages and, where the analysis forecast a price, the projected
 * price at the target date (none for a call against the median stock: decision 114). This module (and the chart
 * library) is loaded only when a chart is opened.
 */
export default function InsightChart(props: {
  symbol: string;
  projectedPrice: number | null;
  targetDate: string;
}) {
  const { data, isError, error, refetch, isFetching } = useQuery(priceHistoryQueryOptions(props.symbol));
  if (isError)
    return (
      <LoadError compact what="the price history" error={error} onRetry={refetch} retrying={isFetching} />
    );
  const points = data?.points ?? [];
  const last = points.at(-1);
  const lines: ChartLine[] = [
    { label: "Close", color: CLOSE, points: points.map((p) => ({ time: p.date, value: p.close })) },
    {
      label: "SMA 50",
      color: SMA50,
      width: 1,
      points: points.flatMap((p) => (p.sma50 === null ? [] : [{ time: p.date, value: p.sma50 }])),
    },
    {
      label: "SMA 200",
      color: SMA200,
      width: 1,
      points: points.flatMap((p) => (p.sma200 === null ? [] : [{ time: p.date, value: p.sma200 }])),
    },
  ];
  if (last && props.projectedPrice !== null && props.targetDate > last.date)
    lines.push({
      label: "Projected",
      color: PROJECTED,
      dashed: true,
      points: [
        { time: last.date, value: last.close },
        { time: props.targetDate, value: props.projectedPrice },
      ],
    });
  return (
    <div
      role="img"
      aria-label={`${props.symbol}: last year of closes with 50- and 200-day averages${props.projectedPrice === null ? "" : " and the projected price"}`}
    >
      {data ? (
        <TimeSeriesChart lines={lines} height={260} format={formatMoney} />
      ) : (
        <div style={{ height: 260 }} />
      )}
      <Text size="xs" c="dimmed" mt={4} aria-hidden>
        <span style={{ color: "var(--mantine-color-indigo-6)" }}>━</span> Close{" "}
        <span style={{ color: "var(--mantine-color-orange-7)" }}>━</span> 50-day{" "}
        <span style={{ color: "var(--mantine-color-gray-6)" }}>━</span> 200-day
        {props.projectedPrice === null ? null : (
          <>
            {" "}
            <span style={{ color: "var(--mantine-color-green-7)" }}>╌</span> Projected to{" "}
            {formatDate(props.targetDate)}
          </>
        )}
      </Text>
    </div>
  );
}
