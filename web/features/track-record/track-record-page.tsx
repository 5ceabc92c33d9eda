import { Box, Card, Container, Group, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { Skeletons } from "../../components/skeleton-list.tsx";
import { formatDate, formatPercent } from "../../lib/format.ts";
import type { CurrentUser } from "../auth/auth.queries.ts";
import { DashboardHeader } from "../dashboard/dashboard-page.tsx";
import { CalibrationChart, CumulativeChart } from "./charts.tsx";
import { type Performance, performanceQueryOptions } from "./track-record.queries.ts";

type CalibrationRow = Performance["bands"][number];

const pct = (v: number | null) => (v === null ? "—" : formatPercent(v * 100));
const rate = (v: number | null) => (v === null ? "—" : `${(v * 100).toFixed(1)}%`);
const interval = (low: number | null, high: number | null) =>
  low === null || high === null ? "—" : `${rate(low)} to ${rate(high)}`;

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
function CalibrationTable(props: { title: string; first: string; rows: CalibrationRow[]; empty: string }) {
  const id = useId();
  return (
    <Card withBorder radius="md">
      <Title order={2} size="h4" mb="xs" id={id}>
        {props.title}
      </Title>
      {props.rows.length === 0 ? (
        <Text size="sm">{props.empty}</Text>
      ) : (
        <Table.ScrollContainer minWidth={460}>
          <Table aria-labelledby={id} striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{props.first}</Table.Th>
                <Table.Th scope="col">Calls</Table.Th>
                <Table.Th scope="col">Resolved</Table.Th>
                <Table.Th scope="col">Stated</Table.Th>
                <Table.Th scope="col">Happened</Table.Th>
                <Table.Th scope="col">95% interval</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {props.rows.map((r) => (
                <Table.Tr key={r.label}>
                  <Table.Th scope="row" fw={600}>
                    {r.label}
                  </Table.Th>
                  <Table.Td>{r.count}</Table.Td>
                  <Table.Td>{r.resolved}</Table.Td>
                  <Table.Td>{rate(r.meanProbability)}</Table.Td>
                  <Table.Td>
                    {rate(r.observedRate)}
                    {r.resolved ? (
                      <Text span size="xs" c="dimmed">
                        {" "}
                        ({r.happened}/{r.resolved})
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{interval(r.observedLow, r.observedHigh)}</Table.Td>
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
  return (
    <Stack gap="lg">
      <Text c="dimmed" maw={900} size="sm">
        {p.method} Scored as of {formatDate(p.asOf)}.
      </Text>
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
          label="Average total return / universe"
          value={`${pct(p.averageReturn)} / ${pct(p.averageUniverseReturn)}`}
          detail={p.averageExcessReturn === null ? undefined : `Excess ${pct(p.averageExcessReturn)}`}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder radius="md">
          <Title order={2} size="h4" mb="xs">
            Calibration by stated confidence
          </Title>
          <CalibrationChart
            points={p.bands
              .filter((b) => b.meanProbability !== null && b.observedRate !== null)
              .map((b) => ({
                label: b.label,
                stated: b.meanProbability!,
                observed: b.observedRate!,
                low: b.observedLow!,
                high: b.observedHigh!,
                n: b.resolved,
              }))}
          />
        </Card>
        <Card withBorder radius="md">
          <Group justify="space-between" mb="xs" gap="xs">
            <Title order={2} size="h4">
              Cumulative return against the universe
            </Title>
            <Text size="xs">
              <Text span c="indigo.9" fw={700}>
                ━
              </Text>{" "}
              calls{" "}
              <Text span c="gray.7" fw={700}>
                ╌
              </Text>{" "}
              universe average
            </Text>
          </Group>
          <CumulativeChart series={p.cumulative} />
        </Card>
      </SimpleGrid>
      <CalibrationTable
        title="By stated confidence"
        first="Confidence"
        rows={p.bands}
        empty="No calls with a stated probability yet."
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
    </Stack>
  );
}

export function TrackRecordPage(props: { user: CurrentUser }) {
  const { data: p, isPending } = useQuery(performanceQueryOptions());
  return (
    <Box mih="100vh" bg="gray.0">
      <DashboardHeader user={props.user} />
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
    </Box>
  );
}
