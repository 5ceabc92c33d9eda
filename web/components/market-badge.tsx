import { Badge, Tooltip } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { api } from "../lib/api-client.ts";
import { formatDate } from "../lib/format.ts";
import { okJson } from "../lib/http-error.ts";

/** 'Demo data as of <date>' while the app runs on the bundled, frozen demo market; nothing on live data. */
export function MarketBadge() {
  const { data } = useQuery({
    queryKey: ["/api/market/status"],
    queryFn: async () => okJson(await api.api.market.status.$get()),
    staleTime: 5 * 60_000,
  });
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
