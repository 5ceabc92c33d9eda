import { Tooltip } from "@mantine/core";
import type { ReactElement } from "react";

/**
 * The demo badge's explanation on hover. Its own chunk, loaded on the first hover: Mantine's Tooltip brings
 * floating-ui (17 KB gzip), which the header, on every signed-in page's first paint, should not wait for (decisions
 * 053, 153). `opened`: whether the pointer is still on the badge when the chunk arrives; Tooltip takes it as its
 * starting state and follows the pointer from there.
 */
export function MarketBadgeTooltip(props: { children: ReactElement; opened: boolean }) {
  return (
    <Tooltip
      label="Real daily prices, frozen at this date: every price and analysis uses it as today."
      withArrow
      defaultOpened={props.opened}
    >
      {props.children}
    </Tooltip>
  );
}
