import { Title } from "@mantine/core";

export function WatchlistTab() {
  return <Title order={2}>My Watchlist</Title>;
}
