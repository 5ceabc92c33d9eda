import { Button, Paper, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { ApiError, isNetworkFailure } from "../lib/api-error.ts";

/**
 * What went wrong, in words a reader can act on: no answer at all, the server's own explanation of a refusal, or
 * a server fault with its status. Never the raw "<status>: <body>" text.
 */
export function loadFailureText(error: unknown): string {
  if (isNetworkFailure(error)) return "The server could not be reached. Check your connection and try again.";
  if (!(error instanceof ApiError)) return "Something went wrong while loading it. Please try again.";
  if (error.status >= 500) {
    return error.serverMessage && error.status === 503
      ? `The server is unavailable right now (${error.serverMessage}). Please try again in a moment.`
      : `The server ran into a problem and could not answer (error ${error.status}). Please try again in a moment.`;
  }
  return error.serverMessage
    ? `The server refused the request: ${error.serverMessage}`
    : `The server refused the request (error ${error.status}).`;
}

/**
 * The one error state of every list and panel that loads data (docs/decisions/080-load-errors.md): it is announced
 * (role="alert"), names what could not be loaded, says why in words and offers Retry. Distinct from the list's empty
 * state, so a failed load never reads as "nothing here". `compact` fits it inside a card or a dialog.
 */
export function LoadError(props: {
  /** What failed to load, as it reads after "Could not load": "recommendations", "your watchlist". */
  what: string;
  error: unknown;
  onRetry: () => unknown;
  /** The retry is under way: the button shows it and does not start another. */
  retrying?: boolean;
  compact?: boolean;
}) {
  return (
    <Paper
      withBorder
      p={props.compact ? "sm" : "xl"}
      radius="md"
      role="alert"
      data-testid="load-error"
      style={{ borderColor: "var(--mantine-color-red-outline)" }}
    >
      <Stack align="center" gap="xs" ta="center">
        {props.compact ? null : (
          <IconAlertTriangle size={28} color="var(--mantine-color-red-text)" aria-hidden />
        )}
        <Title order={3} size={props.compact ? "h5" : "h4"}>
          Could not load {props.what}
        </Title>
        <Text size={props.compact ? "sm" : undefined}>{loadFailureText(props.error)}</Text>
        <Button
          variant="light"
          size={props.compact ? "compact-sm" : undefined}
          loading={props.retrying}
          onClick={() => void props.onRetry()}
        >
          Retry
        </Button>
      </Stack>
    </Paper>
  );
}
