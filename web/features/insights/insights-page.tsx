import { Alert, Container, Tabs, Title } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import type { ReactNode } from "react";

export type InsightsTab = "analyze" | "history";

/**
 * The insights page's content (the signed-in layout route puts the header above it) around the open tab, which is a
 * route of its own (/insights, /insights/history: decision 074), so a reload or Back shows the same one.
 */
export function InsightsPage(props: {
  tab: InsightsTab;
  onTabChange: (tab: InsightsTab) => void;
  children: ReactNode;
}) {
  return (
    <Container size="lg" py="lg" component="main">
      <Title order={1} mb="md">
        Stock Insights
      </Title>
      <Alert
        variant="light"
        icon={<IconInfoCircle size={18} aria-hidden />}
        mb="lg"
        title="About AI analysis"
      >
        Each analysis ranks the stock against the universe (the stocks of today's S&amp;P 500 with prices
        here) on price and volume signals and gives its decile, a call (BUY for the top tenth, SELL for the
        bottom tenth), the calibrated probability that it beats (or trails) the median stock over 60 trading
        days, an expected return with its range, and the inputs that moved its rank. The measured edge is
        small: see the model card. It is informational only, not financial advice.
      </Alert>
      <Tabs value={props.tab} onChange={(v) => v && props.onTabChange(v as InsightsTab)} keepMounted={false}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="analyze">Analyze Stock</Tabs.Tab>
          <Tabs.Tab value="history">Analysis History</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value={props.tab}>{props.children}</Tabs.Panel>
      </Tabs>
    </Container>
  );
}
