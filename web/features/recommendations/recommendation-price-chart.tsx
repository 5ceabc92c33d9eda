import { useQuery } from "@tanstack/react-query";
import { LoadError } from "../../components/load-error.tsx";
import TimeSeriesChart from "../../components/time-series-chart.tsx";
import { formatDate, formatMoney } from "../../lib/format.ts";
import { priceHistoryQueryOptions } from "../../lib/market-status.queries.ts";

const CLOSE = { light: "#4263eb", dark: "#748ffc" };
const BUY = { light: "#495057", dark: "#ced4da" };
const TARGET = { light: "#1e7b34", dark: "#69db7c" };

/**
 * The symbol's last year of closes with the buy price and the target marked across it (no target for a model
 * call, which forecasts no price: decision 114). Loaded (with the chart library) only when a recommendation's
 * dialog opens.
 */
export default function RecommendationPriceChart(props: {
  symbol: string;
  buyPrice: number;
  target: number | null;
}) {
  const { data, isError, error, refetch, isFetching, isPending } = useQuery(
    priceHistoryQueryOptions(props.symbol),
  );
  if (isError)
    return (
      <LoadError compact what="the price history" error={error} onRetry={refetch} retrying={isFetching} />
    );
  if (isPending) return <div style={{ height: 220 }} />;
  const first = data.points[0];
  return (
    <div
      role="img"
      aria-label={`${props.symbol} daily closes from ${formatDate(first?.date)} to ${formatDate(data.asOf)}, with the buy price ${formatMoney(props.buyPrice)}${props.target === null ? " marked (no target price: a call against the median stock)" : ` and the target ${formatMoney(props.target)} marked`}`}
    >
      <TimeSeriesChart
        height={220}
        format={formatMoney}
        lines={[
          {
            label: "Close",
            color: CLOSE,
            points: data.points.map((p) => ({ time: p.date, value: p.close })),
          },
        ]}
        priceLines={[
          { label: "Buy", price: props.buyPrice, color: BUY },
          ...(props.target === null ? [] : [{ label: "Target", price: props.target, color: TARGET }]),
        ]}
      />
    </div>
  );
}
