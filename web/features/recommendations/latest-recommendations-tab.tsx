import { Alert, Button, Group, SimpleGrid, Text, Title } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { EmptyPanel } from "../../components/empty-panel.tsx";
import { Skeletons } from "../../components/skeleton-list.tsx";
import { formatDate } from "../../lib/format.ts";
import { RecommendationCard } from "./recommendation-card.tsx";
import { DISCLAIMER, RecommendationDialog } from "./recommendation-dialog.tsx";
import { latestRecommendationsQueryOptions, type Recommendation } from "./recommendations.queries.ts";

export const LATEST_SKELETONS = 6;

export function LatestRecommendationsTab() {
  const { data, isPending, isError, refetch, isRefetching } = useQuery(latestRecommendationsQueryOptions());
  const [open, setOpen] = useState<Recommendation | null>(null);
  // When the recommendations were made, not when this page fetched them: the newest recommendation's date.
  const newest = data?.reduce<string | null>(
    (latest, r) => (latest === null || r.recommendationDate > latest ? r.recommendationDate : latest),
    null,
  );
  return (
    <section aria-labelledby="latest-title">
      <Group justify="space-between" align="flex-end" mb="sm" wrap="wrap">
        <Title order={2} id="latest-title" size="h3">
          Latest Recommendations
        </Title>
        {newest ? (
          <Text size="sm" c="dimmed" data-testid="latest-updated">
            Last Updated: {formatDate(newest)}
          </Text>
        ) : null}
      </Group>
      <Alert
        variant="light"
        color="yellow"
        icon={<IconInfoCircle size={18} aria-hidden />}
        mb="md"
        c="dark.9"
      >
        {DISCLAIMER}
      </Alert>
      {isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy="true" aria-label="Loading recommendations">
          <Skeletons count={LATEST_SKELETONS} height={260} testId="recommendation-skeleton" />
        </SimpleGrid>
      ) : isError ? (
        <EmptyPanel
          title="Could not load recommendations"
          text="The server did not answer with the latest recommendations."
          action={
            <Button variant="light" onClick={() => void refetch()} loading={isRefetching}>
              Retry
            </Button>
          }
        />
      ) : !data.length ? (
        <EmptyPanel
          title="No Latest Recommendations"
          text="New recommendations will appear here when available."
        />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {data.map((r) => (
            <RecommendationCard key={r.id} recommendation={r} onOpen={() => setOpen(r)} />
          ))}
        </SimpleGrid>
      )}
      <RecommendationDialog recommendation={open} onClose={() => setOpen(null)} />
    </section>
  );
}
