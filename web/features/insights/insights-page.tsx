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
          Each analysis turns technical signals (trend, momentum, volatility, strength against the S&amp;P
          500) into a call with a calibrated confidence: the model's tested probability that the call comes
          true. It is informational only, not financial advice.
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
