import { Title } from "@mantine/core";

export function EarningsCallsTab() {
  return <Title order={2}>Upcoming Earnings Calls</Title>;
}
