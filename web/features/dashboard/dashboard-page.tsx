import { Anchor, Box, Button, Container, Group, Tabs, Text } from "@mantine/core";
import { IconBook, IconChartHistogram, IconKey, IconLogout, IconShieldLock } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { PageHeader } from "../../components/page-header.tsx";
import { useLogout } from "../auth/auth.mutations.ts";
import type { CurrentUser } from "../auth/auth.queries.ts";
import { EarningsCallsTab } from "../earnings/earnings-calls-tab.tsx";
import { AnalysisHistoryTab } from "../insights/analysis-history-tab.tsx";
import { AnalyzeStockTab } from "../insights/analyze-stock-tab.tsx";
import { HistoricalRecommendationsTab } from "../recommendations/historical-recommendations-tab.tsx";
import { LatestRecommendationsTab } from "../recommendations/latest-recommendations-tab.tsx";
import { WatchlistTab } from "../watchlist/watchlist-tab.tsx";

export const DASHBOARD_TABS = [
  { value: "latest", label: "Latest Recommendations" },
  { value: "historical", label: "Historical Recommendations" },
  { value: "analyze", label: "Analyze Stock" },
  { value: "history", label: "Analysis History" },
  { value: "earnings", label: "Earnings Calls" },
  { value: "watchlist", label: "Watchlist" },
] as const;

export type DashboardTab = (typeof DASHBOARD_TABS)[number]["value"];

const NAV_LINKS = [
  { to: "/track-record", label: "Track Record", icon: IconChartHistogram },
  { to: "/api-key", label: "API Key", icon: IconKey },
  { to: "/api-docs", label: "API Docs", icon: IconBook },
] as const;

export function DashboardHeader(props: { user: CurrentUser }) {
  const logout = useLogout();
  const { user } = props;
  const links = user.isAdmin
    ? [...NAV_LINKS, { to: "/admin", label: "Admin", icon: IconShieldLock } as const]
    : NAV_LINKS;
  return (
    <PageHeader size="xl">
      <Group gap="xs" wrap="wrap" component="nav" aria-label="Account">
        {links.map((link) => (
          <Button
            key={link.to}
            component={Link}
            to={link.to}
            variant={link.to === "/admin" ? "light" : "subtle"}
            size="compact-sm"
            leftSection={<link.icon size={16} aria-hidden />}
          >
            {link.label}
          </Button>
        ))}
        <Text size="sm" fw={600} px="xs" data-testid="user-name">
          {user.firstName || user.email}
        </Text>
        <Button
          variant="default"
          size="compact-sm"
          leftSection={<IconLogout size={16} aria-hidden />}
          onClick={() => logout.mutate()}
          loading={logout.isPending}
        >
          Logout
        </Button>
      </Group>
    </PageHeader>
  );
}

export function DashboardPage(props: { user: CurrentUser }) {
  const [tab, setTab] = useState<DashboardTab>("latest");
  return (
    <Box mih="100vh" bg="gray.0">
      <DashboardHeader user={props.user} />
      <Container size="xl" py="lg" component="main">
        <Tabs value={tab} onChange={(v) => v && setTab(v as DashboardTab)} keepMounted={false}>
          <Tabs.List mb="lg" style={{ flexWrap: "wrap" }}>
            {DASHBOARD_TABS.map((t) => (
              <Tabs.Tab key={t.value} value={t.value}>
                {t.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="latest">
            <LatestRecommendationsTab />
          </Tabs.Panel>
          <Tabs.Panel value="historical">
            <HistoricalRecommendationsTab />
          </Tabs.Panel>
          <Tabs.Panel value="analyze">
            <AnalyzeStockTab onAnalyzed={() => setTab("history")} />
          </Tabs.Panel>
          <Tabs.Panel value="history">
            <AnalysisHistoryTab onAnalyzeFirst={() => setTab("analyze")} />
          </Tabs.Panel>
          <Tabs.Panel value="earnings">
            <EarningsCallsTab />
          </Tabs.Panel>
          <Tabs.Panel value="watchlist">
            <WatchlistTab />
          </Tabs.Panel>
        </Tabs>
        <Text size="xs" c="dimmed" mt="xl">
          Recommendations are informational and not financial advice.{" "}
          <Anchor component={Link} to="/api-docs" size="xs" underline="always">
            API documentation
          </Anchor>
        </Text>
      </Container>
    </Box>
  );
}
