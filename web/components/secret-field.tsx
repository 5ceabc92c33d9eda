import { ActionIcon, CopyButton, Group, TextInput, Tooltip } from "@mantine/core";
import { IconCheck, IconCopy, IconEye, IconEyeOff } from "@tabler/icons-react";
import { useState } from "react";
import { maskKey } from "../lib/mask-key.ts";

/** How long "Copied" shows after a copy (the spec's copy confirmation). */
const COPIED_MS = 2000;

/**
 * A secret shown masked (first 8 and last 4 characters) in a read-only field, with a button that reveals it and one
 * that copies it whole, masked or not.
 */
export function SecretField(props: { label: string; value: string; description?: string }) {
  const [visible, setVisible] = useState(false);
  const name = props.label.toLowerCase();
  return (
    <Group align="flex-end" wrap="nowrap" gap="xs">
      <TextInput
        label={props.label}
        description={props.description}
        readOnly
        value={visible ? props.value : maskKey(props.value)}
        style={{ flex: 1, minWidth: 0 }}
        styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
      />
      <Tooltip label={visible ? `Hide ${name}` : `Show ${name}`}>
        <ActionIcon
          size="lg"
          variant="default"
          aria-label={visible ? `Hide ${name}` : `Show ${name}`}
          onClick={() => setVisible(!visible)}
        >
          {visible ? <IconEyeOff size={18} aria-hidden /> : <IconEye size={18} aria-hidden />}
        </ActionIcon>
      </Tooltip>
      <CopyButton value={props.value} timeout={COPIED_MS}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? "Copied" : `Copy ${name}`}>
            <ActionIcon
              size="lg"
              variant="default"
              aria-label={copied ? "Copied" : `Copy ${name}`}
              onClick={copy}
            >
              {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
