import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { type ErrorComponentProps, useRouter } from "@tanstack/react-router";

/**
 * What a route shows when its loading fails (a route's code that did not arrive, a loader or `beforeLoad` that
 * threw): a plain sentence and a Retry that loads the route again. The error's own text is not shown: it may be a
 * bundler's or a network's, and says nothing a reader can act on.
 */
export function RouteError(props: ErrorComponentProps) {
  const router = useRouter();
  return (
    <Center mih="50vh" p="md" role="alert">
      <Stack align="center" gap="sm" ta="center">
        <Title order={2}>This page could not be loaded</Title>
        <Text c="dimmed">Something went wrong while loading it. Check your connection and try again.</Text>
        <Button
          onClick={() => {
            props.reset();
            void router.invalidate();
          }}
        >
          Retry
        </Button>
      </Stack>
    </Center>
  );
}
