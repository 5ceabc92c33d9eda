import { Badge } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { formatDate } from "../lib/format.ts";
import { marketStatusQueryOptions } from "../lib/market-status.queries.ts";

const MarketBadgeTooltip = lazy(() =>
  import("./market-badge-tooltip.tsx").then((m) => ({ default: m.MarketBadgeTooltip })),
);

/**
 * 'Demo data as of <date>' while the app runs on the bundled, frozen demo market; nothing on live data. The badge
 * shows at once; its tooltip follows with its own chunk.
 */
export function MarketBadge() {
  const { data } = useQuery(marketStatusQueryOptions());
  if (!data?.demo || !data.asOf) return null;
  const badge = (
    <Badge variant="light" color="gray" size="sm" tt="none">
      Demo data as of {formatDate(data.asOf)}
    </Badge>
  );
  return (
    <Suspense fallback={badge}>
      <MarketBadgeTooltip>{badge}</MarketBadgeTooltip>
    </Suspense>
  );
}
