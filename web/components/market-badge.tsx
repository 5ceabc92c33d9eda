import { Badge, Tooltip } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { formatDate } from "../lib/format.ts";
import { marketStatusQueryOptions } from "../lib/market-status.queries.ts";

/** 'Demo data as of <date>' while the app runs on the bundled, frozen demo market; nothing on live data. */
export function MarketBadge() {
  const { data } = useQuery(marketStatusQueryOptions());
  if (!data?.demo || !data.asOf) return null;
  return (
    <Tooltip
      label="Real daily prices, frozen at this date: every price and analysis uses it as today."
      withArrow
    >
      <Badge variant="light" color="gray" size="sm" tt="none">
        Demo data as of {formatDate(data.asOf)}
      </Badge>
    </Tooltip>
  );
}
