import { Center, Loader } from "@mantine/core";

/** Shown while the current user loads (spec section 2). */
export function FullPageSpinner() {
  return (
    <Center h="100vh" role="status" aria-live="polite">
      <Loader aria-label="Loading" />
    </Center>
  );
}
