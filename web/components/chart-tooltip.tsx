import { Paper } from "@mantine/core";
import type { ReactNode } from "react";

/** The box beside the hovered point of a chart `width` wide: right of it on the left half, left of it on the right. */
export function ChartTooltip(props: { x: number; width: number; top: number; children: ReactNode }) {
  const { x, width } = props;
  return (
    <Paper
      withBorder
      shadow="sm"
      p={6}
      radius="sm"
      style={{
        position: "absolute",
        top: props.top,
        left: x > width / 2 ? undefined : x + 12,
        right: x > width / 2 ? width - x + 12 : undefined,
        pointerEvents: "none",
        zIndex: 2,
      }}
    >
      {props.children}
    </Paper>
  );
}
