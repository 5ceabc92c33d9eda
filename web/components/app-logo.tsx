import { Group, Text, ThemeIcon } from "@mantine/core";
import { IconChartLine } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";

/** The logo; it always links home. */
export function AppLogo() {
  return (
    <Link to="/" style={{ textDecoration: "none", color: "inherit" }} aria-label="Signalboard home">
      <Group gap={8} wrap="nowrap">
        <ThemeIcon size="lg" radius="md" variant="gradient" gradient={{ from: "indigo", to: "cyan" }}>
          <IconChartLine size={20} aria-hidden />
        </ThemeIcon>
        <Text fw={800} size="lg">
          Signalboard
        </Text>
      </Group>
    </Link>
  );
}
