import { Button, Group, Modal, Stack } from "@mantine/core";
import type { ReactNode } from "react";

/** What the confirming button says and does. */
export interface ConfirmAction {
  label: string;
  color: string;
  pending: boolean;
  disabled?: boolean;
  onConfirm: () => void;
}

/** Cancel and the action, at the end of a dialog that asks before an admin action. */
export function ConfirmButtons(props: { action: ConfirmAction; onCancel: () => void }) {
  const { action } = props;
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={props.onCancel}>
        Cancel
      </Button>
      <Button
        color={action.color}
        loading={action.pending}
        disabled={action.disabled}
        onClick={action.onConfirm}
      >
        {action.label}
      </Button>
    </Group>
  );
}

/** A centred dialog that says what an action will do (`children`) and asks before doing it. */
export function ConfirmDialog(props: {
  opened: boolean;
  title: string;
  action: ConfirmAction;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} centered>
      <Stack gap="sm">
        {props.children}
        <ConfirmButtons action={props.action} onCancel={props.onClose} />
      </Stack>
    </Modal>
  );
}
