import { Tooltip } from "@mantine/core";
import type { ReactElement } from "react";

/**
 * The demo badge's explanation on hover. Its own chunk: Mantine's Tooltip brings floating-ui (17 KB gzip), which the
 * header, on every signed-in page's first paint, should not wait for (decision 053).
 */
export function MarketBadgeTooltip(props: { children: ReactElement }) {
  return (
    <Tooltip
      label="Real daily prices, frozen at this date: every price and analysis uses it as today."
      withArrow
    >
      {props.children}
    </Tooltip>
  );
}
