import { Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** An empty state: a title, a line of guidance, and an optional action. */
export function EmptyPanel(props: { title: string; text?: string; action?: ReactNode }) {
  return (
    <Paper withBorder p="xl" radius="md" ta="center">
      <Stack align="center" gap="xs">
        <Title order={3} size="h4">
          {props.title}
        </Title>
        {props.text ? <Text c="dimmed">{props.text}</Text> : null}
        {props.action}
      </Stack>
    </Paper>
  );
}
