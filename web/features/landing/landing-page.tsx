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
import { MODEL_HEADLINE } from "../../../api/analysis/model-headline.constants.ts";
import { AppLogo } from "../../components/app-logo.tsx";
import { ColorSchemeToggle } from "../../components/color-scheme-toggle.tsx";
import { ModelEvidence } from "./model-evidence.tsx";
import { ProductPreview } from "./product-preview.tsx";
import { SiteFooter } from "./site-footer.tsx";

// What the model does, no more (docs/model-card.md): a daily ranking of the stocks that are S&P 500 members that day,
// with a calibrated chance of beating the median stock; whether that beats a coin flip is for the evidence to say.
const FEATURES = [
  {
    icon: IconBrain,
    title: "AI-powered analysis",
    text: "Every trading day the large US stocks that are in the S&P 500 that day are ranked against each other on price and volume measures (recent returns, trend, volatility, trading volume) by gradient-boosted trees, trained and tested walk-forward on years of daily prices.",
  },
  {
    icon: IconGauge,
    title: "Confidence scoring",
    text: "Each model call names what its confidence is the chance of, beating or trailing the median S&P 500 stock over 60 trading days, and shows it beside a coin flip's 50%. Editor's picks are labelled as the editor's own view.",
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
        py="sm"
        bg="var(--sb-surface)"
        style={{ borderBottom: "1px solid var(--sb-border)" }}
      >
        <Container size="lg">
          <Group justify="space-between" wrap="nowrap">
            <AppLogo />
            <Group gap="xs" wrap="nowrap">
              <ColorSchemeToggle />
              <Button component={Link} to="/signin" variant="default">
                Sign In
              </Button>
            </Group>
          </Group>
        </Container>
      </Box>

      <Box component="main">
        <Box
          py={{ base: 40, sm: 80 }}
          style={{
            background:
              "linear-gradient(160deg, var(--mantine-color-indigo-light) 0%, var(--mantine-color-body) 55%, var(--mantine-color-cyan-light) 100%)",
          }}
        >
          <Container size="lg">
            <SimpleGrid
              cols={{ base: 1, md: 2 }}
              spacing={{ base: 40, md: 56 }}
              style={{ alignItems: "center" }}
            >
              <Stack align="flex-start" gap="lg">
                <Badge variant="light" size="lg">
                  Recommendations you can check
                </Badge>
                <Title order={1} fz={{ base: 32, sm: 48 }} lh={1.1}>
                  Data-driven stock recommendations with confidence scores
                </Title>
                <Text size="lg" c="dimmed" maw={560}>
                  Buy prices, sell targets and technical analysis for every call, with a confidence that is
                  measured rather than promised and a track record of how past calls turned out. The edge is
                  small, and nothing here is a guarantee.
                </Text>
                <Group>
                  <Button component={Link} to="/register" size="lg">
                    Get Started Free
                  </Button>
                  <Button component={Link} to="/signin" size="lg" variant="default">
                    Sign In
                  </Button>
                </Group>
                <Text size="sm" c="dimmed">
                  Join thousands of investors using data, not hunches.{" "}
                  {/* The track record and the model card are public (decision 144). */}
                  <Anchor
                    renderRoot={(props) => <Link to="/track-record" {...props} />}
                    underline="always"
                    size="sm"
                  >
                    See the track record
                  </Anchor>
                </Text>
              </Stack>
              <ProductPreview />
            </SimpleGrid>
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

        <ModelEvidence headline={MODEL_HEADLINE} />

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
      <SiteFooter />
    </Box>
  );
}
