import { Alert } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";

/**
 * What to do when this server sends no email and kept a code in its mail outbox (decision 084), which only an admin
 * can open: said wherever a code is sent, so an investor is not pointed at a page they cannot reach (issue 42).
 */
export function OutboxNote() {
  return (
    <Alert
      variant="light"
      color="blue"
      icon={<IconInfoCircle size={18} aria-hidden />}
      title="Where is the code?"
      c="dark.9"
      data-testid="outbox-notice"
    >
      This server sends no email (it runs the local demo without a mail server). The code is in the mail
      outbox, which an admin reads in the Admin Panel under Mail outbox. Ask an admin for it, or, if you run
      this server, sign in as its admin in another tab.
    </Alert>
  );
}
