import { Card, Code, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { type Preregistration, preregistrationQueryOptions } from "./preregistration.queries.ts";

/** "Live calls of xgb-rank-h60-live (SHA-256 259ef9fc…) are tested once, after 396 weeks: ..." */
export function preregistrationText(p: Preregistration): string {
  return (
    `Live calls of ${p.modelVersion} (SHA-256 ${p.sha256.slice(0, 8)}…) are tested once, when ${p.weeksNeeded} ` +
    `weeks from ${p.firstDate} have resolved: ${p.statistic}; ${p.test}. That many weeks give an 80% chance ` +
    `of detecting a mean correlation of ${p.effect}; fewer cannot tell it from none.`
  );
}

/**
 * The pre-registered test of live calls and how far its data has come ("0 of 396 weeks collected",
 * docs/model/preregistration.md). Its own query, so the page shows it whatever the track record answers; it shows
 * nothing while loading or on an error (the page's own error says enough).
 */
export function PreregistrationSection() {
  const { data } = useQuery(preregistrationQueryOptions());
  if (!data) return null;
  return (
    <Card withBorder radius="md" mt="lg" component="section" aria-labelledby="preregistration-title">
      <Title order={2} size="h4" id="preregistration-title">
        Pre-registered test of live calls
      </Title>
      <Text fw={700} mt={4} data-testid="preregistration-summary">
        {data.summary}
      </Text>
      <Text size="sm" c="dimmed" mt={4}>
        {preregistrationText(data)}
      </Text>
      <Text size="xs" c="dimmed" mt={4}>
        Written before any live call was scored: <Code>{data.document}</Code>
      </Text>
    </Card>
  );
}
