import { Button } from "@mantine/core";
import { IconLogout } from "@tabler/icons-react";
import { useSignOut } from "../lib/session.ts";

/** Signs out on the server and locally, then /signin; used by the app header and the admin panel's header. */
export function LogoutButton() {
  const signOut = useSignOut();
  return (
    <Button
      variant="default"
      size="compact-sm"
      leftSection={<IconLogout size={16} aria-hidden />}
      onClick={() => signOut.mutate()}
      loading={signOut.isPending}
    >
      Logout
    </Button>
  );
}
