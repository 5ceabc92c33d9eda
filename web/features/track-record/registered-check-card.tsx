import { Card, Code, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * A pre-registered check as the Track Record shows it: its title, how far its data has come in one bold line, the
 * progress in plain words, what is checked, and where the registration written beforehand is.
 */
export function RegisteredCheckCard(props: {
  /** The heading's id and the test ids' prefix ("preregistration": preregistration-summary, ...-progress). */
  name: string;
  title: string;
  summary: string;
  progress: string[];
  /** The figures so far, between the progress and what is checked. */
  children?: ReactNode;
  checked: string;
  /** "Written before any live call was scored" */
  writtenBefore: string;
  document: string;
}) {
  return (
    <Card withBorder radius="md" mt="lg" component="section" aria-labelledby={`${props.name}-title`}>
      <Title order={2} size="h4" id={`${props.name}-title`}>
        {props.title}
      </Title>
      <Text fw={700} mt={4} data-testid={`${props.name}-summary`}>
        {props.summary}
      </Text>
      {props.progress.map((line) => (
        <Text size="sm" mt={4} key={line} data-testid={`${props.name}-progress`}>
          {line}
        </Text>
      ))}
      {props.children}
      <Text size="sm" c="dimmed" mt={4}>
        {props.checked}
      </Text>
      <Text size="xs" c="dimmed" mt={4}>
        {props.writtenBefore}: <Code>{props.document}</Code>
      </Text>
    </Card>
  );
}
