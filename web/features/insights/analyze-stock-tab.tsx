import { Title } from "@mantine/core";

export function AnalyzeStockTab(_props: { onAnalyzed: () => void }) {
  return <Title order={2}>Analyze Stock</Title>;
}
