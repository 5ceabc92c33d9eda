import { Skeleton, Stack } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { LoadError } from "../../components/load-error.tsx";
import { RecommendationDialog } from "./recommendation-dialog.tsx";
import { recommendationQueryOptions } from "./recommendations.queries.ts";

/**
 * The dialog of the recommendation an address names (`/dashboard/r/$id`): read from GET /api/recommendations/{id},
 * whose whole reason the lists carry only as a summary. Loading and failure show inside the open dialog.
 */
export function RecommendationDetailDialog(props: { id: number; onClose: () => void }) {
  const query = useQuery(recommendationQueryOptions(props.id));
  return (
    <RecommendationDialog
      recommendation={query.data ?? null}
      onClose={props.onClose}
      placeholder={
        query.isError ? (
          <LoadError
            compact
            what="this recommendation"
            error={query.error}
            onRetry={query.refetch}
            retrying={query.isFetching}
          />
        ) : (
          <Stack gap="md" role="status" aria-busy="true" aria-label="Loading the recommendation">
            <Skeleton height={36} width="40%" animate={false} />
            <Skeleton height={140} animate={false} />
            <Skeleton height={220} animate={false} />
          </Stack>
        )
      }
    />
  );
}
