import { Alert, Box, Container, Tabs, Title } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { useState } from "react";
import type { CurrentUser } from "../auth/auth.queries.ts";
import { DashboardHeader } from "../dashboard/dashboard-page.tsx";
import { AnalysisHistoryTab } from "./analysis-history-tab.tsx";
import { AnalyzeStockTab } from "./analyze-stock-tab.tsx";

export function InsightsPage(props: { user: CurrentUser }) {
  const [tab, setTab] = useState<string>("analyze");
  return (
    <Box mih="100vh" bg="gray.0">
      <DashboardHeader user={props.user} />
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
        <Tabs value={tab} onChange={(v) => v && setTab(v)} keepMounted={false}>
          <Tabs.List mb="lg">
            <Tabs.Tab value="analyze">Analyze Stock</Tabs.Tab>
            <Tabs.Tab value="history">Analysis History</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="analyze">
            <AnalyzeStockTab onAnalyzed={() => setTab("history")} />
          </Tabs.Panel>
          <Tabs.Panel value="history">
            <AnalysisHistoryTab detailed onAnalyzeFirst={() => setTab("analyze")} />
          </Tabs.Panel>
        </Tabs>
      </Container>
    </Box>
  );
}
