import { Title } from "@mantine/core";

export function LatestRecommendationsTab() {
  return <Title order={2}>Latest Recommendations</Title>;
}
