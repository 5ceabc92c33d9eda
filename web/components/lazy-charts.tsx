import { Skeleton } from "@mantine/core";
import { lazy, Suspense } from "react";
import type { TimeSeriesChartProps } from "./time-series-chart.tsx";

const TimeSeriesChart = lazy(() => import("./time-series-chart.tsx"));

/**
 * A time-series chart whose library (lightweight-charts) loads with the first chart shown, so no page pays for it
 * up front; a placeholder of the same height holds its place meanwhile.
 */
export function LazyTimeSeriesChart(props: TimeSeriesChartProps) {
  return (
    <Suspense fallback={<Skeleton height={props.height} radius="sm" animate={false} />}>
      <TimeSeriesChart {...props} />
    </Suspense>
  );
}
