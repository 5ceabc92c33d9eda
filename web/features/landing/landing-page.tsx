import {
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from "@mantine/core";
import { IconBrain, IconChartHistogram, IconGauge } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { AppLogo } from "../../components/app-logo.tsx";

const FEATURES = [
  {
    icon: IconBrain,
    title: "AI-powered analysis",
    text: "Each stock ranked against the S&P 500 universe every day on returns, trend, volatility, beta and liquidity by gradient-boosted trees, trained and tested walk-forward on twenty years of daily prices.",
  },
  {
    icon: IconGauge,
    title: "Confidence scoring",
    text: "Confidence is the calibrated chance of beating the median stock over 60 trading days, checked year by year on data the model never saw. The edge is small, so it stays near 50%, and the model card says how small.",
  },
  {
    icon: IconChartHistogram,
    title: "Historical tracking",
    text: "Every past recommendation is kept unchanged and scored on what the market did next: its total return against the median stock's over the same days, open until its target date.",
  },
] as const;

export function LandingPage() {
  return (
    <Box>
      <Box
        component="header"
        py="md"
        px="lg"
        style={{ borderBottom: "1px solid var(--mantine-color-gray-2)" }}
      >
        <Container size="lg">
          <Group justify="space-between">
            <AppLogo />
            <Button component={Link} to="/signin" variant="default">
              Sign In
            </Button>
          </Group>
        </Container>
      </Box>

      <Box component="main">
        <Box
          py={{ base: 56, sm: 96 }}
          style={{
            background:
              "linear-gradient(160deg, var(--mantine-color-indigo-0) 0%, var(--mantine-color-white) 55%, var(--mantine-color-cyan-0) 100%)",
          }}
        >
          <Container size="md">
            <Stack align="center" gap="lg" ta="center">
              <Badge variant="light" size="lg">
                Recommendations you can check
              </Badge>
              <Title order={1} fz={{ base: 34, sm: 52 }} lh={1.1}>
                Data-driven stock recommendations with confidence scores
              </Title>
              <Text size="lg" c="dimmed" maw={640}>
                Buy prices, sell targets and technical analysis for every call, with a confidence that is
                measured rather than promised and a track record of how past calls turned out.
              </Text>
              <Group justify="center">
                <Button component={Link} to="/register" size="lg">
                  Get Started Free
                </Button>
                <Button component={Link} to="/signin" size="lg" variant="default">
                  Sign In
                </Button>
              </Group>
              <Text size="sm" c="dimmed">
                Join thousands of investors using data, not hunches.{" "}
                <Anchor component={Link} to="/track-record" underline="always" size="sm">
                  See the track record
                </Anchor>
              </Text>
            </Stack>
          </Container>
        </Box>

        <Container size="lg" py={{ base: 48, sm: 72 }}>
          <Title order={2} ta="center" mb="xl">
            Why investors use Signalboard
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
            {FEATURES.map((f) => (
              <Card key={f.title} withBorder padding="lg" radius="md">
                <ThemeIcon size={44} radius="md" variant="light" mb="md">
                  <f.icon size={24} aria-hidden />
                </ThemeIcon>
                <Title order={3} size="h4" mb={6}>
                  {f.title}
                </Title>
                <Text c="dimmed" size="sm">
                  {f.text}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
        </Container>

        <Box bg="indigo.8" py={{ base: 48, sm: 64 }}>
          <Container size="md">
            <Stack align="center" ta="center" gap="md">
              <Title order={2} c="white">
                Start with a free account
              </Title>
              <Text c="white" maw={560}>
                Latest and historical recommendations, on-demand analysis of any symbol, the earnings calendar
                and a watchlist with alerts. Informational only, not financial advice.
              </Text>
              <Button component={Link} to="/register" size="lg" variant="white">
                Start Free Trial
              </Button>
            </Stack>
          </Container>
        </Box>
      </Box>
    </Box>
  );
}
