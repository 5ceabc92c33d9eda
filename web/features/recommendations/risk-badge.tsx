import { Badge } from "@mantine/core";

export function RiskBadge(props: { aggressive: boolean; basis?: string }) {
  return (
    <Badge
      variant="light"
      color={props.aggressive ? "orange" : "blue"}
      c="var(--mantine-color-text)"
      title={props.basis}
    >
      {props.aggressive ? "Aggressive" : "Conservative"}
    </Badge>
  );
}
