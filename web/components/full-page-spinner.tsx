import { Center, Loader } from "@mantine/core";

/** Shown while the current user loads, and while a signed-out or non-admin visitor waits for a redirect. */
export function FullPageSpinner() {
  return (
    <Center h="100vh" role="status" aria-live="polite" aria-label="Loading">
      <Loader aria-hidden />
    </Center>
  );
}
