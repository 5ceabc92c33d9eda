import { Badge, Card, Group, Select, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { EmptyPanel } from "../../components/empty-panel.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { ProbabilityBadge } from "../../components/probability-badge.tsx";
import { Skeletons } from "../../components/skeleton-list.tsx";
import { SymbolActions } from "../../components/symbol-actions.tsx";
import { BADGE_TEXT } from "../../lib/colors.ts";
import { formatDate, formatMoney } from "../../lib/format.ts";
import {
  dateAccuracyLine,
  GROWTH_FILTERS,
  type GrowthFilter,
  growthBand,
  growthTone,
  matchesGrowthFilter,
  measuredLine,
  reportRecord,
  smoothedShare,
  timeLabel,
} from "./earnings.logic.ts";
import { type EarningsEntry, earningsCalendarQueryOptions } from "./earnings.queries.ts";

const RECORD_TITLE =
  "Rose: closed higher 5 sessions after the report than the session before it. Reports: the busiest trading " +
  "session of each quarter, found from volume.";

/**
 * The growth probability with the spec's labels. The spec's colours only where it showed skill out of sample;
 * otherwise a neutral grey (earnings.logic.ts growthTone), so 'Low Confidence' in red never reads as a warning.
 */
function GrowthBadge(props: { entry: EarningsEntry; beatsBaseRate: boolean; size?: "sm" | "md" }) {
  const band = growthBand(props.entry.growthProbability);
  const tone = growthTone(props.entry.growthProbability, {
    beatsBaseRate: props.beatsBaseRate,
    growthMeasured: props.entry.growthMeasured,
  });
  return (
    <ProbabilityBadge
      size={props.size}
      tone={tone}
      title="Growth probability: the chance the close 5 sessions after the report is above the close before it"
    >
      {props.entry.growthProbability}% · {band.label}
    </ProbabilityBadge>
  );
}

/**
 * One report. Unless the growth probability beat stating all stocks' rate out of sample (`leadWithCounts` false),
 * the stock's record in words is the main figure and the probability sits below it as what it is: that record
 * smoothed toward all stocks' rate (docs/decisions/071-earnings-counts-and-target.md).
 */
function EarningsCard(props: { entry: EarningsEntry; leadWithCounts: boolean; beatsBaseRate: boolean }) {
  const e = props.entry;
  return (
    <Card
      withBorder
      radius="md"
      data-testid="earnings-card"
      h="100%"
      style={{ display: "flex", flexDirection: "column" }}
    >
      <Group justify="space-between" align="flex-start" mb={4}>
        <div>
          <Text fw={800} fz="lg">
            {e.symbol}
          </Text>
          {e.companyName && e.companyName !== e.symbol ? <Text size="sm">{e.companyName}</Text> : null}
          {e.industry && e.industry !== "N/A" ? (
            <Text size="xs" c="dimmed">
              {e.industry}
            </Text>
          ) : null}
        </div>
        {props.leadWithCounts ? null : <GrowthBadge entry={e} beatsBaseRate={props.beatsBaseRate} />}
      </Group>
      {props.leadWithCounts ? (
        <Stack gap={4} mt={4}>
          <Text fw={700} fz="md" data-testid="earnings-record" title={RECORD_TITLE}>
            {reportRecord(e)}
          </Text>
          <Group gap={6} wrap="nowrap" align="center">
            <GrowthBadge entry={e} size="sm" beatsBaseRate={props.beatsBaseRate} />
            <Text size="xs" c="dimmed" data-testid="earnings-share">
              {smoothedShare(e, props.beatsBaseRate && e.growthMeasured)}
            </Text>
          </Group>
        </Stack>
      ) : null}
      <SimpleGrid cols={2} spacing="xs" mt="xs">
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            Date
          </Text>
          <Text fw={600} style={{ whiteSpace: "nowrap" }}>
            {formatDate(e.date)}
          </Text>
          {e.estimated ? (
            <Text size="xs" c="dimmed">
              (estimated)
            </Text>
          ) : null}
          <Text size="sm" style={{ whiteSpace: "nowrap" }}>
            {timeLabel(e.time)}
          </Text>
        </Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            Quarter
          </Text>
          <Text fw={600}>
            Q{e.quarter} {e.year}
          </Text>
        </Stack>
        {e.epsEstimate !== null || e.revenueEstimate !== null ? (
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              EPS / revenue estimate
            </Text>
            <Text fw={600}>
              {e.epsEstimate === null ? "—" : formatMoney(e.epsEstimate)} /{" "}
              {e.revenueEstimate === null ? "—" : formatMoney(e.revenueEstimate)}
            </Text>
          </Stack>
        ) : (
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              Estimates
            </Text>
            <Text size="sm" c="dimmed">
              No estimates
            </Text>
          </Stack>
        )}
      </SimpleGrid>
      <Stack gap={0} mt="xs">
        <Text size="xs" c="dimmed">
          Target price (5 sessions after)
        </Text>
        {e.targetPrice === null ? (
          <Text size="sm" data-testid="earnings-target">
            {e.targetPriceNote}
          </Text>
        ) : (
          <>
            <Text fw={600} data-testid="earnings-target">
              {formatMoney(e.targetPrice)}
            </Text>
            <Text size="xs" c="dimmed">
              {e.targetPriceNote}
            </Text>
          </>
        )}
      </Stack>
      {props.leadWithCounts ? null : (
        <Text size="sm" mt="xs" data-testid="earnings-record">
          {reportRecord(e)}
        </Text>
      )}
      {e.growthMeasured ? null : (
        <Text size="xs" c="dimmed">
          Growth probability not measured on calendar dates like this one: only on estimated dates.
        </Text>
      )}
      {e.estimated ? (
        <Text size="xs" c="dimmed" mt="xs" component="div">
          <Badge size="xs" variant="light" color="gray" c={BADGE_TEXT} mr={4}>
            Estimated date
          </Badge>
          {e.basis}
        </Text>
      ) : null}
      <Group justify="flex-end" mt="auto" pt="xs">
        <SymbolActions symbol={e.symbol} />
      </Group>
    </Card>
  );
}

export function EarningsCallsTab() {
  const { data, isPending, isError, error, refetch, isFetching } = useQuery(earningsCalendarQueryOptions());
  const [filter, setFilter] = useState<GrowthFilter>("all");
  const all = data?.earnings ?? [];
  const shown = all.filter((e) => matchesGrowthFilter(e.growthProbability, filter));
  const leadWithCounts = data ? !data.measured.growth.beatsBaseRate : true;
  return (
    <section aria-labelledby="earnings-title">
      <Group justify="space-between" align="flex-end" mb="md" wrap="wrap">
        <div>
          <Title order={2} id="earnings-title" size="h3">
            Upcoming Earnings Calls
          </Title>
          <Text c="dimmed" size="sm">
            Next 7 days of earnings announcements
          </Text>
          {data && all.some((e) => e.estimated) ? (
            <Text size="sm" maw={560} data-testid="earnings-date-accuracy">
              {dateAccuracyLine(data.measured)}
            </Text>
          ) : null}
          {data && all.length ? (
            <Text c="dimmed" size="xs" maw={560} data-testid="earnings-measured">
              {measuredLine(data.measured)}
            </Text>
          ) : null}
        </div>
        <Group align="flex-end">
          <Select
            label="Growth probability"
            data={GROWTH_FILTERS.map((f) => ({ value: f.value, label: f.label }))}
            value={filter}
            allowDeselect={false}
            onChange={(v) => setFilter((v ?? "all") as GrowthFilter)}
            w={160}
          />
          {isError ? null : (
            <Badge size="lg" variant="light" color="indigo" data-testid="earnings-count">
              {shown.length} / {all.length}
            </Badge>
          )}
        </Group>
      </Group>
      {isPending ? (
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 3 }}
          role="status"
          aria-busy="true"
          aria-label="Loading earnings"
        >
          <Skeletons count={3} height={200} testId="earnings-skeleton" />
        </SimpleGrid>
      ) : isError ? (
        <LoadError what="the earnings calls" error={error} onRetry={refetch} retrying={isFetching} />
      ) : !all.length ? (
        <EmptyPanel
          title="No Upcoming Earnings"
          text="No earnings announcements are expected in the next 7 days."
        />
      ) : !shown.length ? (
        <EmptyPanel title="No Results Found" text="No earnings match this growth-probability range." />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {shown.map((e) => (
            <EarningsCard
              key={`${e.symbol}-${e.date}`}
              entry={e}
              leadWithCounts={leadWithCounts}
              beatsBaseRate={data?.measured.growth.beatsBaseRate ?? false}
            />
          ))}
        </SimpleGrid>
      )}
    </section>
  );
}
