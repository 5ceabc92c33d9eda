import { Button, SimpleGrid, Stack, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { EmptyPanel } from "../../components/empty-panel.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Skeletons } from "../../components/skeleton-list.tsx";
import { InsightCard } from "./insight-card.tsx";
import { insightHistoryQueryOptions } from "./insights.queries.ts";

/** `markedId`: the analysis the address names (/dashboard/history/$id), marked and scrolled to among the rest. */
export function AnalysisHistoryTab(props: {
  onAnalyzeFirst: () => void;
  detailed?: boolean;
  markedId?: number;
}) {
  const { data, isPending, isError, error, refetch, isFetching } = useQuery(insightHistoryQueryOptions());
  return (
    <section aria-labelledby="history-title">
      <Title order={2} id="history-title" size="h3" mb="sm">
        Analysis History
      </Title>
      {isPending ? (
        <Stack role="status" aria-busy="true" aria-label="Loading analysis history">
          <Skeletons count={3} height={180} testId="insight-skeleton" />
        </Stack>
      ) : isError ? (
        <LoadError what="your analysis history" error={error} onRetry={refetch} retrying={isFetching} />
      ) : !data?.length ? (
        <EmptyPanel
          title="No Analysis History"
          text="Analyses you run appear here."
          action={<Button onClick={props.onAnalyzeFirst}>Analyze Your First Stock</Button>}
        />
      ) : (
        <SimpleGrid cols={{ base: 1, md: props.detailed ? 1 : 2 }}>
          {data.map((insight) => (
            <InsightCard
              key={insight.id}
              insight={insight}
              detailed={props.detailed}
              marked={insight.id === props.markedId}
            />
          ))}
        </SimpleGrid>
      )}
    </section>
  );
}
