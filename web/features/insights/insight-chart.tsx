import { Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { createChart, LineSeries, type Time } from "lightweight-charts";
import { useEffect, useRef } from "react";
import { priceHistoryQueryOptions } from "../../lib/market-status.queries.ts";

/**
 * The last year of closes with the 50- and 200-day averages and the projected price at the target date, drawn
 * with TradingView's lightweight-charts. This module is loaded only when a chart is opened.
 */
export default function InsightChart(props: { symbol: string; projectedPrice: number; targetDate: string }) {
  const container = useRef<HTMLDivElement>(null);
  const { data, isError } = useQuery(priceHistoryQueryOptions(props.symbol));

  useEffect(() => {
    if (!data || !container.current) return;
    const chart = createChart(container.current, {
      height: 260,
      autoSize: true,
      layout: { background: { color: "#ffffff" }, textColor: "#343a40", attributionLogo: false },
      grid: { vertLines: { visible: false }, horzLines: { color: "#f1f3f5" } },
      rightPriceScale: { borderVisible: false },
      timeScale: { borderVisible: false },
    });
    const line = (color: string, width: 1 | 2 | 3, title: string) =>
      chart.addSeries(LineSeries, {
        color,
        lineWidth: width,
        title,
        priceLineVisible: false,
        lastValueVisible: false,
      });
    line("#4263eb", 2, "Close").setData(data.points.map((p) => ({ time: p.date as Time, value: p.close })));
    line("#f08c00", 1, "SMA 50").setData(
      data.points.filter((p) => p.sma50 !== null).map((p) => ({ time: p.date as Time, value: p.sma50! })),
    );
    line("#868e96", 1, "SMA 200").setData(
      data.points.filter((p) => p.sma200 !== null).map((p) => ({ time: p.date as Time, value: p.sma200! })),
    );
    const last = data.points.at(-1);
    if (last) {
      line("#1e7b34", 2, "Projected").setData([
        { time: last.date as Time, value: last.close },
        { time: props.targetDate as Time, value: props.projectedPrice },
      ]);
    }
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [data, props.projectedPrice, props.targetDate]);

  if (isError) return <Text size="sm">The price history could not be loaded.</Text>;
  return (
    <div
      ref={container}
      role="img"
      aria-label={`${props.symbol}: last year of closes with 50- and 200-day averages and the projected price`}
      style={{ width: "100%", height: 260 }}
    />
  );
}
