import { Badge, Box, Card, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconTrendingUp } from "@tabler/icons-react";

function Figure(props: { label: string; value: string; strong?: boolean }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {props.label}
      </Text>
      <Text fw={props.strong ? 700 : 600}>{props.value}</Text>
    </Stack>
  );
}

/** A small price line drawn in CSS pixels: no chart library on the landing page. */
function MiniChart() {
  return (
    <Box component="svg" viewBox="0 0 240 60" w="100%" h={60} aria-hidden display="block">
      <polyline
        fill="none"
        stroke="var(--mantine-color-indigo-5)"
        strokeWidth="2.5"
        strokeLinejoin="round"
        strokeLinecap="round"
        points="0,46 20,42 40,44 60,36 80,38 100,30 120,33 140,24 160,27 180,18 200,21 220,12 240,14"
      />
      <line x1="0" x2="240" y1="30" y2="30" stroke="var(--mantine-color-dimmed)" strokeDasharray="4 4" />
      <line x1="0" x2="240" y1="8" y2="8" stroke="var(--mantine-color-teal-6)" strokeDasharray="4 4" />
    </Box>
  );
}

/**
 * The product picture: a recommendation card as the dashboard draws it, rendered from markup rather than an image
 * (no bytes to download, sharp at any size, light and dark). The figures are an illustration, said so in its caption.
 */
export function ProductPreview() {
  return (
    <Box component="figure" m={0} maw={420} w="100%" mx="auto">
      <Card withBorder shadow="md" radius="lg" padding="lg">
        <Group justify="space-between" mb="xs" wrap="nowrap">
          <Group gap={6} wrap="nowrap">
            <Text fw={800} fz="lg">
              ACME
            </Text>
            <Text size="sm" c="dimmed">
              Acme Corp.
            </Text>
          </Group>
          <Group gap={6} wrap="nowrap">
            <Badge variant="light" color="indigo" tt="none">
              BUY · decile 10
            </Badge>
          </Group>
        </Group>
        <MiniChart />
        <SimpleGrid cols={3} mt="sm" spacing="xs">
          <Figure label="Buy price" value="$182.40" />
          <Figure label="Target" value="$194.40" />
          <Figure label="Potential" value="+6.6%" strong />
        </SimpleGrid>
        <Group gap={6} mt="md" wrap="nowrap">
          <IconTrendingUp size={16} aria-hidden color="var(--mantine-color-dimmed)" />
          <Text size="sm">
            <Text span fw={700}>
              52%
            </Text>{" "}
            chance to beat the median S&P 500 stock over 60 trading days{" "}
            <Text span c="dimmed" size="xs">
              (coin flip: 50%)
            </Text>
          </Text>
        </Group>
      </Card>
      <Text component="figcaption" size="xs" c="dimmed" ta="center" mt="xs">
        Illustration of a recommendation card; the figures are an example.
      </Text>
    </Box>
  );
}
