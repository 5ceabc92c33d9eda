import { Title } from "@mantine/core";

export function AnalysisHistoryTab(_props: { onAnalyzeFirst: () => void; detailed?: boolean }) {
  return <Title order={2}>Analysis History</Title>;
}
