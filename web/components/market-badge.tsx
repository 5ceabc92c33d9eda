import { Badge } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { type ComponentType, type ReactElement, useRef, useState } from "react";
import { formatDate } from "../lib/format.ts";
import { marketStatusQueryOptions } from "../lib/market-status.queries.ts";

type Tooltip = ComponentType<{ children: ReactElement; opened: boolean }>;
const loadTooltip = (): Promise<Tooltip> =>
  import("./market-badge-tooltip.tsx").then((m) => m.MarketBadgeTooltip);

/**
 * 'Demo data as of <date>' while the app runs on the bundled, frozen demo market; nothing on live data. The badge
 * shows at once; its tooltip's code loads when the pointer first comes to it, and the tooltip opens then if the
 * pointer is still there (decision 153). Loaded with the header, its chunk's start was a long task before the first
 * card on a slow phone, for a tooltip a phone never shows.
 */
export function MarketBadge() {
  const { data } = useQuery(marketStatusQueryOptions());
  const [tooltip, setTooltip] = useState<{ component: Tooltip; opened: boolean } | null>(null);
  const hovered = useRef(false);
  if (!data?.demo || !data.asOf) return null;
  const badge = (
    <Badge
      variant="light"
      color="gray"
      size="sm"
      tt="none"
      onPointerEnter={() => {
        hovered.current = true;
        void loadTooltip().then(
          (component) => setTooltip((shown) => shown ?? { component, opened: hovered.current }),
          () => undefined,
        );
      }}
      onPointerLeave={() => {
        hovered.current = false;
      }}
    >
      Demo data as of {formatDate(data.asOf)}
    </Badge>
  );
  return tooltip ? <tooltip.component opened={tooltip.opened}>{badge}</tooltip.component> : badge;
}
