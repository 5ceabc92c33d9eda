import { Skeleton } from "@mantine/core";

/** `count` loading placeholders (6 for recommendations, 3 for history: about what the first screen shows). */
export function Skeletons(props: { count: number; height: number; testId: string }) {
  return Array.from({ length: props.count }, (_, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders never reorder
    <Skeleton key={i} height={props.height} radius="md" data-testid={props.testId} />
  ));
}
