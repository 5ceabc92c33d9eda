import { Title } from "@mantine/core";

export function HistoricalRecommendationsTab() {
  return <Title order={2}>Historical Recommendations</Title>;
}
