import { Text, useComputedColorScheme } from "@mantine/core";
import {
  createChart,
  type IChartApi,
  LineSeries,
  LineStyle,
  type MouseEventParams,
  TickMarkType,
  type Time,
} from "lightweight-charts";
import { useEffect, useRef, useState } from "react";
import { formatDate, formatShortDate } from "../lib/format.ts";
import { ChartTooltip } from "./chart-tooltip.tsx";

/** A colour for each colour scheme. */
export interface SchemeColor {
  light: string;
  dark: string;
}

export interface ChartLine {
  label: string;
  color: SchemeColor;
  /** `YYYY-MM-DD` days; a sparkline, which shows no dates, may number its points instead. */
  points: ReadonlyArray<{ time: string | number; value: number }>;
  dashed?: boolean;
  width?: 1 | 2 | 3;
}

export interface ChartPriceLine {
  label: string;
  price: number;
  color: SchemeColor;
}

export interface TimeSeriesChartProps {
  lines: readonly ChartLine[];
  /** Horizontal marks across the chart (a buy price, a target), labelled on the price axis. */
  priceLines?: readonly ChartPriceLine[];
  height: number;
  /** How a value reads on the axis and in the tooltip ("$187.50"). */
  format: (value: number) => string;
  /** A bare line for a card (no axes, grid or tooltip). */
  sparkline?: boolean;
}

/** A chart time as `YYYY-MM-DD` (the library hands back a day as a string, an object or seconds). */
function isoDay(time: Time): string {
  if (typeof time === "string") return time;
  if (typeof time === "number") return new Date(time * 1000).toISOString().slice(0, 10);
  return `${time.year}-${String(time.month).padStart(2, "0")}-${String(time.day).padStart(2, "0")}`;
}

/**
 * The time axis's labels as dates a reader recognises: "2023" where a year starts, "Oct 2023" where a month does,
 * "Oct 4" for a day, instead of the library's bare "4" or "24" that read as numbers of anything.
 */
function tickLabel(time: Time, type: TickMarkType): string {
  const day = isoDay(time);
  if (type === TickMarkType.Year) return day.slice(0, 4);
  if (type === TickMarkType.Month) return `${formatShortDate(day).split(" ")[0]} ${day.slice(0, 4)}`;
  return formatShortDate(day);
}

interface Hover {
  x: number;
  y: number;
  date: string;
  values: Array<{ label: string; color: string; value: string }>;
}

/**
 * Daily series drawn with TradingView's lightweight-charts: full width of its container and resized with it,
 * readable dates on the axis and in a tooltip, colours for the current colour scheme, prices marked across the
 * chart. Import it lazily (`lazy-charts.tsx`): the library is loaded only by the pages that draw a chart.
 */
export default function TimeSeriesChart(props: TimeSeriesChartProps) {
  const { lines, priceLines, height, format, sparkline = false } = props;
  const container = useRef<HTMLDivElement>(null);
  const scheme = useComputedColorScheme("light");
  const [hover, setHover] = useState<Hover | null>(null);
  const pick = (c: SchemeColor) => (scheme === "dark" ? c.dark : c.light);
  // Callers build their series on each render; the chart is redrawn only when what it shows changes.
  const signature = JSON.stringify([lines, priceLines]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `signature` stands for lines and priceLines
  useEffect(() => {
    const node = container.current;
    if (!node) return;
    const dark = scheme === "dark";
    const text = dark ? "#c9c9c9" : "#343a40";
    const chart: IChartApi = createChart(node, {
      height,
      autoSize: true,
      layout: {
        background: { color: "transparent" },
        textColor: text,
        fontFamily: "inherit",
        attributionLogo: false,
      },
      grid: {
        vertLines: { visible: false },
        horzLines: { visible: !sparkline, color: dark ? "#373a40" : "#f1f3f5" },
      },
      rightPriceScale: {
        visible: !sparkline,
        borderVisible: false,
        scaleMargins: sparkline ? { top: 0.1, bottom: 0.1 } : { top: 0.12, bottom: 0.08 },
        // A price at the pane's top or bottom edge is labelled only when the whole label fits: the library would
        // otherwise draw half of it, cut by the time axis ("$200.00" under the insight chart).
        entireTextOnly: true,
      },
      timeScale: {
        visible: !sparkline,
        borderVisible: false,
        fixLeftEdge: true,
        fixRightEdge: true,
        // Room after the last day, so the last date label and the series' labels are not cut at the edge.
        rightOffset: sparkline ? 0 : 3,
        tickMarkFormatter: tickLabel,
      },
      crosshair: sparkline
        ? {
            vertLine: { visible: false, labelVisible: false },
            horzLine: { visible: false, labelVisible: false },
          }
        : { horzLine: { labelVisible: false } },
      handleScroll: false,
      handleScale: false,
      localization: { priceFormatter: format, timeFormatter: (t: Time) => formatDate(String(t)) },
    });
    const series = lines.map((line) => {
      const s = chart.addSeries(LineSeries, {
        color: pick(line.color),
        lineWidth: line.width ?? 2,
        lineStyle: line.dashed ? LineStyle.Dashed : LineStyle.Solid,
        priceLineVisible: false,
        lastValueVisible: false,
        crosshairMarkerVisible: !sparkline,
      });
      s.setData(line.points.map((p) => ({ time: p.time as Time, value: p.value })));
      return s;
    });
    if (series[0]) {
      for (const mark of priceLines ?? []) {
        series[0].createPriceLine({
          price: mark.price,
          color: pick(mark.color),
          lineWidth: 1,
          lineStyle: LineStyle.Dashed,
          axisLabelVisible: true,
          title: mark.label,
        });
      }
    }
    chart.timeScale().fitContent();
    if (!sparkline) {
      chart.subscribeCrosshairMove((param: MouseEventParams) => {
        if (!param.point || param.time === undefined) {
          setHover(null);
          return;
        }
        const values = lines.flatMap((line, i) => {
          const point = param.seriesData.get(series[i]!);
          return point && "value" in point
            ? [{ label: line.label, color: pick(line.color), value: format(point.value) }]
            : [];
        });
        setHover({ x: param.point.x, y: param.point.y, date: String(param.time), values });
      });
    }
    return () => chart.remove();
  }, [signature, height, sparkline, scheme]);

  const width = container.current?.clientWidth ?? 0;
  return (
    <div style={{ position: "relative", width: "100%", height }}>
      <div ref={container} style={{ width: "100%", height }} />
      {hover?.values.length ? (
        <ChartTooltip x={hover.x} width={width} top={Math.max(0, Math.min(hover.y - 20, height - 70))}>
          <Text size="xs" fw={600}>
            {formatShortDate(hover.date)}, {hover.date.slice(0, 4)}
          </Text>
          {hover.values.map((v) => (
            <Text key={v.label} size="xs" style={{ whiteSpace: "nowrap" }}>
              <span style={{ color: v.color }}>●</span> {v.label}: {v.value}
            </Text>
          ))}
        </ChartTooltip>
      ) : null}
    </div>
  );
}
