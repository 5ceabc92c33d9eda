import { Anchor, Container, Tabs, Text, VisuallyHidden } from "@mantine/core";
import { Link, useNavigate, useRouter } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { DASHBOARD_TAB_PATHS, DASHBOARD_TABS, type DashboardTab } from "./dashboard-search.ts";

/**
 * Keeps the open tab visible in the scrolling strip (a link or Back may open one that is off screen), scrolling only
 * when it is not wholly in view. An IntersectionObserver answers after the browser's own layout: asking the tab for
 * its place (scrollIntoView in the next frame, as before) forced the page's first layout inside a script task
 * (decision 153).
 */
function scrollIntoViewOnSelect(node: HTMLButtonElement | null) {
  if (!node) return;
  const observer = new IntersectionObserver(
    ([entry]) => {
      observer.disconnect();
      if (entry && entry.intersectionRatio < 1) node.scrollIntoView({ block: "nearest", inline: "nearest" });
    },
    { threshold: 1 },
  );
  observer.observe(node);
  return () => observer.disconnect();
}

/**
 * The dashboard around its open tab: the spec's six tabs as Mantine Tabs bound to the router. Each tab is its own
 * route (/dashboard, /dashboard/historical, ...), so choosing one (click, arrow keys) is a navigation and reload,
 * Back and links keep it; the open tab's route renders in the one panel. Shown at /dashboard and, for a signed-in
 * user, at / (decision 074).
 */
export function DashboardFrame(props: { tab: DashboardTab; children: ReactNode }) {
  const navigate = useNavigate();
  const router = useRouter();
  return (
    <Container size="xl" py={{ base: "xs", sm: "lg" }} component="main">
      <VisuallyHidden component="h1">Dashboard</VisuallyHidden>
      <Tabs
        value={props.tab}
        onChange={(v) => v && void navigate({ to: DASHBOARD_TAB_PATHS[v as DashboardTab] })}
        keepMounted={false}
      >
        {/* One row at every width: on a phone the strip scrolls sideways instead of wrapping to four rows. */}
        <Tabs.List mb={{ base: "sm", sm: "lg" }} className="sb-tab-strip">
          {DASHBOARD_TABS.map((t) => (
            <Tabs.Tab
              key={t.value}
              value={t.value}
              ref={t.value === props.tab ? scrollIntoViewOnSelect : undefined}
              // As a link would with the router's intent preloading: the tab's code and data start on hover.
              onMouseEnter={() =>
                void router.preloadRoute({ to: DASHBOARD_TAB_PATHS[t.value] }).catch(() => undefined)
              }
            >
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={props.tab}>{props.children}</Tabs.Panel>
      </Tabs>
      <Text size="xs" c="dimmed" mt="xl">
        Recommendations are informational and not financial advice.{" "}
        <Anchor component={Link} to="/api-docs" size="xs" underline="always">
          API documentation
        </Anchor>
      </Text>
    </Container>
  );
}
