import { Anchor, Box, Container, Group, type MantineSize, Text } from "@mantine/core";
import { Link } from "@tanstack/react-router";

/**
 * The public pages' footer: the legal pages, the API documentation and the disclaimer. `size`: the page's container
 * width, so the footer lines up with it.
 */
export function SiteFooter(props: { size?: MantineSize }) {
  return (
    <Box
      component="footer"
      py="lg"
      bg="var(--sb-surface)"
      style={{ borderTop: "1px solid var(--sb-border)" }}
    >
      <Container size={props.size ?? "lg"}>
        <Group justify="space-between" gap="sm">
          <Text size="xs" c="dimmed">
            Signalboard. Informational only, not financial advice.
          </Text>
          <Group gap="md" component="nav" aria-label="Site">
            <Anchor component={Link} to="/terms" size="sm" c="dimmed" underline="always">
              Terms
            </Anchor>
            <Anchor component={Link} to="/privacy" size="sm" c="dimmed" underline="always">
              Privacy
            </Anchor>
            <Anchor component={Link} to="/api-docs" size="sm" c="dimmed" underline="always">
              API Docs
            </Anchor>
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
