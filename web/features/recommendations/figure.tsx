import { Paper, Stack, Text } from "@mantine/core";

/** One labelled number of a recommendation: bare on the card, framed in the dialog's grid. */
export function Figure(props: {
  label: string;
  value: string;
  color?: string;
  note?: string | null;
  framed?: boolean;
}) {
  const body = (
    <>
      <Text size="xs" c="dimmed">
        {props.label}
      </Text>
      <Text fw={props.framed ? 700 : 600} c={props.color}>
        {props.value}
      </Text>
      {props.note ? (
        <Text size="xs" c="dimmed">
          {props.note}
        </Text>
      ) : null}
    </>
  );
  return props.framed ? (
    <Paper withBorder radius="sm" p="xs">
      {body}
    </Paper>
  ) : (
    <Stack gap={0}>{body}</Stack>
  );
}
