import { Badge } from "@mantine/core";

export function RiskBadge(props: { aggressive: boolean; basis?: string }) {
  return (
    <Badge variant="light" color={props.aggressive ? "orange" : "blue"} c="dark.9" title={props.basis}>
      {props.aggressive ? "Aggressive" : "Conservative"}
    </Badge>
  );
}
