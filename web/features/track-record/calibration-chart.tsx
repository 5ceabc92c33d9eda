import { Text, useComputedColorScheme } from "@mantine/core";
import {
  CandlestickSeries,
  createChart,
  createSeriesMarkers,
  LineSeries,
  type UTCTimestamp,
} from "lightweight-charts";
import { useEffect, useRef, useState } from "react";
import { ChartTooltip } from "../../components/chart-tooltip.tsx";
import { formatStatistic, ratePercent } from "../../lib/format.ts";
import type { CalibrationPoint } from "./calibration-bins.ts";

const pct = (v: number, digits = 0) => ratePercent(v, digits);
const HEIGHT = 250;

/**
 * Bin i sits at "time" 3i + 2 of the horizontal scale (the bins are categories, not dates), with empty times
 * between and around them, so that a bar takes a third of its bin's width rather than all of it.
 */
const slot = (i: number) => (3 * i + 2) as UTCTimestamp;
/** One item per bin at its slot, and empty times around them (every series gets them, or it draws no marks). */
function slotted<T extends object>(items: T[]) {
  return Array.from({ length: 3 * items.length }, (_, t) =>
    t % 3 === 1
      ? { time: (t + 1) as UTCTimestamp, ...items[(t - 1) / 3]! }
      : { time: (t + 1) as UTCTimestamp },
  );
}

/**
 * Calibration as bins: per band of stated confidence a bar of how often the stated event happened (with its 95%
 * interval as a whisker) beside a dot at the probability the calls stated and a square at the same-risk baseline,
 * and each bin's name and number of resolved calls under it. Drawn with lightweight-charts, the app's one chart
 * library (decision 091), loaded only with the track record.
 */
export default function CalibrationBins(props: { points: CalibrationPoint[] }) {
  const { points } = props;
  const container = useRef<HTMLDivElement>(null);
  const dark = useComputedColorScheme("light") === "dark";
  const [slots, setSlots] = useState<Array<number | null>>([]);
  const [hover, setHover] = useState<{ index: number; x: number } | null>(null);
  const signature = JSON.stringify(points);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `signature` stands for points
  useEffect(() => {
    const node = container.current;
    if (!node) return;
    const text = dark ? "#c9c9c9" : "#343a40";
    const bar = dark ? "#748ffc" : "#4263eb";
    const stated = dark ? "#ffa94d" : "#d9480f";
    const sameRisk = dark ? "#ced4da" : "#495057";
    const top = Math.min(100, Math.ceil(Math.max(...points.map((p) => p.high)) * 10 + 1) * 10);
    const chart = createChart(node, {
      height: HEIGHT,
      autoSize: true,
      layout: {
        background: { color: "transparent" },
        textColor: text,
        fontFamily: "inherit",
        attributionLogo: false,
      },
      grid: { vertLines: { visible: false }, horzLines: { color: dark ? "#373a40" : "#e9ecef" } },
      rightPriceScale: { borderVisible: false, scaleMargins: { top: 0.06, bottom: 0 } },
      timeScale: { visible: false },
      crosshair: { vertLine: { labelVisible: false }, horzLine: { visible: false, labelVisible: false } },
      handleScroll: false,
      handleScale: false,
      // The bar under the pointer would otherwise be drawn over its own whisker and marks.
      hoveredSeriesOnTop: false,
      localization: { priceFormatter: (v: number) => `${formatStatistic(v, 0)}%` },
    });
    // Every series on the same fixed 0%..top scale, whatever each one holds.
    const scale = { autoscaleInfoProvider: () => ({ priceRange: { minValue: 0, maxValue: top } }) };
    const quiet = { priceLineVisible: false, lastValueVisible: false, ...scale };
    // The bars as candle bodies from 0 to the rate: a histogram would be drawn over the marks.
    chart
      .addSeries(CandlestickSeries, { upColor: bar, borderVisible: false, wickVisible: false, ...quiet })
      .setData(
        slotted(points.map((p) => ({ open: 0, close: p.observed * 100, high: p.observed * 100, low: 0 }))),
      );
    // The interval as a candle of no body: its wick runs from the low to the high end.
    chart
      .addSeries(CandlestickSeries, {
        upColor: "transparent",
        downColor: "transparent",
        borderVisible: false,
        wickColor: text,
        ...quiet,
      })
      .setData(
        slotted(
          points.map((p) => ({
            open: p.observed * 100,
            close: p.observed * 100,
            high: p.high * 100,
            low: p.low * 100,
          })),
        ),
      );
    const statedSeries = chart.addSeries(LineSeries, {
      color: stated,
      lineVisible: false,
      pointMarkersVisible: true,
      pointMarkersRadius: 5,
      crosshairMarkerVisible: false,
      ...quiet,
    });
    statedSeries.setData(slotted(points.map((p) => ({ value: p.stated * 100 }))));
    createSeriesMarkers(
      statedSeries,
      points.flatMap((p, i) =>
        p.baseline === null
          ? []
          : [
              {
                time: slot(i),
                position: "atPriceMiddle" as const,
                price: p.baseline * 100,
                shape: "square" as const,
                color: sameRisk,
                size: 0.6,
              },
            ],
      ),
    );
    chart.timeScale().setVisibleLogicalRange({ from: -0.5, to: 3 * points.length - 0.5 });
    const place = () => setSlots(points.map((_, i) => chart.timeScale().timeToCoordinate(slot(i))));
    chart.timeScale().subscribeSizeChange(place);
    requestAnimationFrame(place);
    chart.subscribeCrosshairMove((param) => {
      const index = typeof param.time === "number" && param.time % 3 === 2 ? (param.time - 2) / 3 : -1;
      setHover(param.point && points[index] ? { index, x: param.point.x } : null);
    });
    return () => chart.remove();
  }, [signature, dark]);

  const width = container.current?.clientWidth ?? 0;
  const p = hover ? points[hover.index] : undefined;
  return (
    <div style={{ position: "relative", width: "100%" }}>
      <div ref={container} style={{ width: "100%", height: HEIGHT }} />
      <div style={{ position: "relative", height: 30 }}>
        {points.map((point, i) =>
          slots[i] == null ? null : (
            <Text
              key={point.label}
              size="xs"
              ta="center"
              lh={1.25}
              style={{
                position: "absolute",
                left: slots[i]!,
                transform: "translateX(-50%)",
                whiteSpace: "nowrap",
              }}
            >
              {point.label}
              <br />
              <Text span size="xs" c="dimmed">
                n={point.n}
              </Text>
            </Text>
          ),
        )}
      </div>
      {hover && p ? (
        <ChartTooltip x={hover.x} width={width} top={8}>
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
        </ChartTooltip>
      ) : null}
    </div>
  );
}
