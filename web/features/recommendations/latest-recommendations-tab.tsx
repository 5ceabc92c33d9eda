import { Alert, Group, SimpleGrid, Text, Title } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { startTransition, useDeferredValue, useEffect, useMemo, useRef, useState } from "react";
import { EmptyPanel } from "../../components/empty-panel.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Skeletons } from "../../components/skeleton-list.tsx";
import { formatDate } from "../../lib/format.ts";
import { DISCLAIMER } from "./disclaimer.ts";
import { RecommendationCard } from "./recommendation-card.tsx";
import { useFocusReturnToOpener } from "./recommendation-focus.ts";
import { latestRecommendationsQueryOptions, type RecommendationRow } from "./recommendations.queries.ts";

export const LATEST_SKELETONS = 6;

/**
 * Cards drawn per turn: one. Two cards' commit and layout took 16-31 ms at full speed, 64-124 ms at Lighthouse's 4x
 * CPU, over a long task (50 ms) on a slow phone (decision 169).
 */
const CARDS_PER_TURN = 1;

/**
 * How many of `count` cards to draw: the first with the heading and the notice, then one more each turn, each turn
 * its own task, so the browser paints and handles input between them instead of drawing ten cards in one long task
 * (decisions 053, 169). The first card's reason is the page's largest paint.
 */
function useCardsShown(count: number): number {
  const [shown, setShown] = useState(CARDS_PER_TURN);
  useEffect(() => {
    if (shown >= count) return;
    const next = setTimeout(() => startTransition(() => setShown((n) => n + CARDS_PER_TURN)), 0);
    return () => clearTimeout(next);
  }, [shown, count]);
  return Math.min(shown, count);
}

/**
 * The latest recommendations as cards. A card's "View Full Analysis" calls `onOpen` (the route opens the dialog's
 * address); `openId` is the recommendation whose dialog is open, whose card gets focus back when it closes.
 */
export function LatestRecommendationsTab(props: {
  onOpen: (recommendation: RecommendationRow) => void;
  openId?: number;
}) {
  // Deferred: the cards arriving render as a transition, in slices between which the browser can handle input,
  // instead of one long task on a slow phone (decision 047); until then the skeletons stay. An answer already there
  // (a reload: it comes with the HTML) draws its first card at once with the heading and the notice, in the signed-in
  // frame's sliced first render (decision 152); skeletons drawn first, as before, cost a commit and a layout of their
  // own before the page's largest paint (decision 169).
  const query = useDeferredValue(useQuery(latestRecommendationsQueryOptions()));
  const { data, isError, error, refetch, isFetching, isPending } = query;
  const shown = useCardsShown(isPending ? 0 : (data?.length ?? 0));
  const section = useRef<HTMLElement>(null);
  useFocusReturnToOpener(props.openId, section);
  // Read through a ref, so the cards below need not be made again when the route hands in a new function.
  const onOpen = useRef(props.onOpen);
  onOpen.current = props.onOpen;
  // The same elements from turn to turn, so each turn renders only the cards it adds (React skips an element it has
  // already rendered), not all of them again.
  const cards = useMemo(
    () =>
      (data ?? []).map((r) => (
        <RecommendationCard key={r.id} recommendation={r} onOpen={() => onOpen.current(r)} />
      )),
    [data],
  );
  // When the recommendations were made, not when this page fetched them: the newest recommendation's date, and for
  // the model's calls the session too. The API keeps no posting time, only the date; the model scores a day on its
  // closing prices, so its calls of a day are made after that day's close (decision 049).
  const newest = data?.reduce<string | null>(
    (latest, r) => (latest === null || r.recommendationDate > latest ? r.recommendationDate : latest),
    null,
  );
  const afterClose =
    newest !== null &&
    newest !== undefined &&
    data!.filter((r) => r.recommendationDate === newest).every((r) => r.source === "model");
  return (
    <section aria-labelledby="latest-title" ref={section}>
      <Group justify="space-between" align="flex-end" mb="sm" wrap="wrap">
        <Title order={2} id="latest-title" size="h3">
          Latest Recommendations
        </Title>
        {newest ? (
          <Text size="sm" c="dimmed" data-testid="latest-updated">
            Last Updated: {formatDate(newest)}
            {afterClose ? ", after the close" : ""}
          </Text>
        ) : query.isPending ? (
          // Its room kept while the answer loads, so the notice and cards below do not move down when it comes
          // (on a phone it wraps to a line of its own).
          <Text size="sm" aria-hidden style={{ visibility: "hidden" }}>
            Last Updated: Oct 27, 2023, after the close
          </Text>
        ) : null}
      </Group>
      <Alert
        variant="light"
        color="yellow"
        icon={<IconInfoCircle size={18} aria-hidden />}
        mb="md"
        c="dark.9"
        className="sb-disclaimer"
      >
        {DISCLAIMER}
      </Alert>
      {isPending ? (
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 3 }}
          role="status"
          aria-busy="true"
          aria-label="Loading recommendations"
        >
          <Skeletons count={LATEST_SKELETONS} height={260} testId="recommendation-skeleton" />
        </SimpleGrid>
      ) : isError ? (
        <LoadError what="recommendations" error={error} onRetry={refetch} retrying={isFetching} />
      ) : !data?.length ? (
        <EmptyPanel
          title="No Latest Recommendations"
          text="New recommendations will appear here when available."
        />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>{cards.slice(0, shown)}</SimpleGrid>
      )}
    </section>
  );
}
