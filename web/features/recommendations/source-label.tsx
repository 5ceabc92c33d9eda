import { Group, Text } from "@mantine/core";
import type { RecommendationRow } from "./recommendations.queries.ts";

/** Who a recommendation is from, in words: an editor's pick with its poster, or "by an editor" when unknown. */
export function sourceText(r: Pick<RecommendationRow, "source" | "postedByName">): {
  label: string;
  detail: string | null;
} {
  if (r.source === "admin")
    return {
      label: "Editor's pick",
      detail: r.postedByName ? `posted by ${r.postedByName}` : "by an editor",
    };
  return { label: "Model call", detail: null };
}

/** How a call was made, in words (docs/decisions/109-simulated-and-live-calls.md). */
export function provenanceText(r: Pick<RecommendationRow, "provenance">): { label: string; detail: string } {
  return r.provenance === "simulated"
    ? {
        label: "Simulated",
        detail:
          "made later for a past date, by a design chosen knowing how that date turned out: no one could have acted on it.",
      }
    : { label: "Live", detail: "made on its recommendation date, before its outcome was known." };
}

/**
 * "Editor's pick · posted by Jane Doe" or "Model call · ranker-live": an editor's confidence is the editor's own
 * view and a model call's the model's probability, so every card says which it is (issue 24, point 7). The model's
 * version is the detail's (the dialog's); a list's row leaves it out (decision 151).
 */
export function SourceLabel(props: { recommendation: RecommendationRow & { modelVersion?: string | null } }) {
  const r = props.recommendation;
  const { label, detail } = sourceText(r);
  const rest = detail ?? (r.source === "model" && r.modelVersion ? r.modelVersion : null);
  const made = provenanceText(r);
  return (
    <Group gap={4} wrap="wrap" data-source={r.source} data-provenance={r.provenance}>
      <Text
        size="xs"
        fw={700}
        tt="uppercase"
        px={4}
        // Mantine's teal is 2.6:1 on a white card; these keep AA in both schemes.
        c={
          r.provenance === "simulated"
            ? "dimmed"
            : "light-dark(var(--mantine-color-teal-9), var(--mantine-color-teal-4))"
        }
        title={made.detail}
        style={{ border: "1px solid currentColor", borderRadius: 4 }}
      >
        {made.label}
      </Text>
      <Text size="xs" fw={700}>
        {label}
      </Text>
      {rest ? (
        <>
          <Text size="xs" c="dimmed" aria-hidden>
            ·
          </Text>
          <Text size="xs" c="dimmed">
            {rest}
          </Text>
        </>
      ) : null}
    </Group>
  );
}
