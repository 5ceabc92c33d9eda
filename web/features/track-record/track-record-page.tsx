import { Card, Container, Group, SimpleGrid, Spoiler, Stack, Table, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { Skeletons } from "../../components/skeleton-list.tsx";
import { formatDate, formatMoney, formatPercent } from "../../lib/format.ts";
import { calibrationView } from "./calibration-bins.ts";
import { CalibrationChart, GrowthChart } from "./charts.tsx";
import { ModelCardSection } from "./model-card-section.tsx";
import { type Performance, performanceQueryOptions } from "./track-record.queries.ts";

type CalibrationRow = Performance["bands"][number];

const pct = (v: number | null) => (v === null ? "—" : formatPercent(v * 100));
const rate = (v: number | null) => (v === null ? "—" : `${(v * 100).toFixed(1)}%`);
const interval = (low: number | null, high: number | null) =>
  low === null || high === null ? "—" : `${rate(low)} to ${rate(high)}`;
const shortInterval = (low: number | null, high: number | null) =>
  low === null || high === null ? null : `${(low * 100).toFixed(1)}–${rate(high)}`;

function Stat(props: { label: string; value: string; detail?: string }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Text size="xs" c="dimmed">
        {props.label}
      </Text>
      <Text fw={800} fz="xl">
        {props.value}
      </Text>
      {props.detail ? (
        <Text size="xs" c="dimmed">
          {props.detail}
        </Text>
      ) : null}
    </Card>
  );
}

/** One calibration table: per row the calls, how many resolved, the mean stated probability and what happened. */
function CalibrationTable(props: {
  title: string;
  first: string;
  rows: CalibrationRow[];
  empty: string;
  caption?: string;
}) {
  const id = useId();
  return (
    <Card withBorder radius="md">
      <Title order={2} size="h4" mb="xs" id={id}>
        {props.title}
      </Title>
      {props.rows.length === 0 ? (
        <Text size="sm">{props.empty}</Text>
      ) : (
        <Table.ScrollContainer minWidth={300}>
          <Table aria-labelledby={id} striped fz="sm" horizontalSpacing={6} captionSide="bottom">
            {props.caption ? <Table.Caption>{props.caption}</Table.Caption> : null}
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{props.first}</Table.Th>
                <Table.Th scope="col">Resolved / calls</Table.Th>
                <Table.Th scope="col">Stated</Table.Th>
                <Table.Th scope="col">Happened</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {props.rows.map((r) => (
                <Table.Tr key={r.label}>
                  <Table.Th scope="row" fw={600}>
                    {r.label}
                  </Table.Th>
                  <Table.Td>
                    {r.resolved} / {r.count}
                  </Table.Td>
                  <Table.Td>{rate(r.meanProbability)}</Table.Td>
                  <Table.Td>
                    {rate(r.observedRate)}
                    {shortInterval(r.observedLow, r.observedHigh) ? (
                      <Text size="xs" c="dimmed">
                        {shortInterval(r.observedLow, r.observedHigh)}
                      </Text>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

/** The track record itself, from the performance answer. */
export function TrackRecordView(props: { performance: Performance }) {
  const p = props.performance;
  const last = p.cumulative.length > 1 ? p.cumulative.at(-1) : undefined;
  // Bins with enough calls to compare, or years when every call stated about the same probability (decision 048).
  const calibration = calibrationView(p.bands, p.years);
  return (
    <Stack gap="lg">
      <Spoiler maxHeight={64} showLabel="Read how calls are scored" hideLabel="Show less" maw={900}>
        <Text c="dimmed" size="sm">
          {p.method} Scored as of {formatDate(p.asOf)}.
        </Text>
      </Spoiler>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }}>
        <Stat label="Recommendations" value={String(p.count)} />
        <Stat label="Resolved / open" value={`${p.resolved} / ${p.open}`} />
        <Stat
          label="Stated event happened"
          value={rate(p.observedRate)}
          detail={p.observedRate === null ? undefined : `95%: ${interval(p.observedLow, p.observedHigh)}`}
        />
        <Stat label="Mean stated probability" value={rate(p.meanProbability)} />
        <Stat
          label="Average total return"
          value={pct(p.averageReturn)}
          detail={
            p.averageUniverseReturn === null
              ? undefined
              : `Universe ${pct(p.averageUniverseReturn)}, excess ${pct(p.averageExcessReturn)}`
          }
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder radius="md">
          <Title order={2} size="h4" mb="xs">
            {calibration.by === "confidence" ? "Calibration by stated confidence" : "Calibration by year"}
          </Title>
          {calibration.by === "year" && calibration.statedRange ? (
            <Text size="sm" mb={4}>
              Every resolved call stated {calibration.statedRange}, so there is one band of confidence to
              check: here it is year by year.
            </Text>
          ) : null}
          <CalibrationChart points={calibration.points} />
        </Card>
        <Card withBorder radius="md">
          <Group justify="space-between" mb="xs" gap="xs">
            <Title order={2} size="h4">
              Growth of $1: calls against the universe
            </Title>
            <Text size="xs">
              <Text
                span
                c="light-dark(var(--mantine-color-indigo-9), var(--mantine-color-indigo-3))"
                fw={700}
              >
                ━
              </Text>{" "}
              calls{" "}
              <Text span c="dimmed" fw={700}>
                ╌
              </Text>{" "}
              universe average
            </Text>
          </Group>
          {last ? (
            <Text size="sm" mb={4}>
              By {formatDate(last.date)}: {formatMoney(last.callsValue)} in the calls,{" "}
              {formatMoney(last.universeValue)} in the universe
            </Text>
          ) : null}
          <GrowthChart series={p.cumulative} />
          <Text size="xs" c="dimmed" mt={4}>
            Growth of $1 held, each session, equally in every call still open (recommended, target date not
            yet passed) against $1 held equally in every stock of the universe; total returns, gross of costs.
            The lines stand still on days with no open call.
          </Text>
        </Card>
      </SimpleGrid>
      <CalibrationTable
        title="By stated confidence"
        first="Band"
        rows={p.bands.filter((b) => b.count > 0)}
        empty="No calls with a stated probability yet."
        caption="Stated: the mean probability the resolved calls gave their event. Happened: how often it did, with its 95% interval below. Bands are two points wide; bands without calls are left out. The chart joins neighbouring bands until each bar has at least 30 resolved calls."
      />
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <CalibrationTable
          title="By decile"
          first="Decile"
          rows={p.deciles}
          empty="No calls with a decile yet."
        />
        <CalibrationTable
          title="By year"
          first="Year"
          rows={p.years}
          empty="No calls with a stated probability yet."
        />
      </SimpleGrid>
      <ModelCardSection model={p.model} />
    </Stack>
  );
}

/** The page's content; the signed-in layout route puts the header above it. */
export function TrackRecordPage() {
  const { data: p, isPending } = useQuery(performanceQueryOptions());
  return (
    <Container size="xl" py="lg" component="main">
      <Title order={1} mb={4}>
        Track Record
      </Title>
      {isPending || !p ? (
        <Stack>
          <Skeletons count={3} height={120} testId="track-record-skeleton" />
        </Stack>
      ) : (
        <TrackRecordView performance={p} />
      )}
    </Container>
  );
}
