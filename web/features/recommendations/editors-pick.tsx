import { Group, Stack, Text } from "@mantine/core";
import { CallBadge, ChanceBadge } from "../../components/model-outlook.tsx";
import type { RecommendationRow } from "./recommendations.queries.ts";

/** The heading of an editor's pick's free text: the editor's words, not the model's reasoning (issue 42). */
export const EDITORS_NOTE = "Editor's note";

/** What the reason of a recommendation is headed: the editor's note for a pick, the spec's "AI reasoning" otherwise. */
export const reasonHeading = (r: Pick<RecommendationRow, "source">) =>
  r.source === "admin" ? EDITORS_NOTE : "AI reasoning";

/**
 * Beside an editor's pick, what the ranking model said about the same stock that day: its call and chance, so a
 * reader sees where the editor and the model differ. Nothing for a model call.
 */
export function ModelViewOfPick(props: { recommendation: RecommendationRow }) {
  const r = props.recommendation;
  if (r.source !== "admin") return null;
  const view = r.modelView;
  return (
    <Stack gap={4} data-testid="model-view">
      <Text size="xs" fw={700}>
        Model's view
      </Text>
      {view ? (
        <Group gap={6} wrap="wrap">
          <CallBadge call={view.call} />
          <ChanceBadge percent={view.confidence} model={view} />
          <Text size="xs" c="dimmed">
            decile {view.decile} of 10
          </Text>
        </Group>
      ) : (
        <Text size="xs" c="dimmed">
          The model did not rank {r.symbol} that day.
        </Text>
      )}
    </Stack>
  );
}
