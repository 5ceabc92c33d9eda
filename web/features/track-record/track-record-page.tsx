import { Box, Card, Container, Group, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Skeletons } from "../../components/skeleton-list.tsx";
import { formatDate, formatPercent } from "../../lib/format.ts";
import type { CurrentUser } from "../auth/auth.queries.ts";
import { DashboardHeader } from "../dashboard/dashboard-page.tsx";
import { CalibrationChart, CumulativeChart } from "./charts.tsx";
import { performanceQueryOptions } from "./track-record.queries.ts";

const pct = (v: number | null) => (v === null ? "—" : formatPercent(v * 100));
const rate = (v: number | null) => (v === null ? "—" : `${(v * 100).toFixed(1)}%`);

function Stat(props: { label: string; value: string }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Text size="xs" c="dimmed">
        {props.label}
      </Text>
      <Text fw={800} fz="xl">
        {props.value}
      </Text>
    </Card>
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
          <Stack gap="lg">
            <Text c="dimmed" maw={900}>
              {p.method} Scored as of {formatDate(p.asOf)}.
            </Text>
            <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
              <Stat label="Recommendations" value={String(p.count)} />
              <Stat label="Resolved / open" value={`${p.resolved} / ${p.open}`} />
              <Stat label="Hit rate (target reached)" value={rate(p.hitRate)} />
              <Stat label="Beat the S&P 500" value={rate(p.beatRate)} />
              <Stat
                label="Average / median return"
                value={`${pct(p.averageReturn)} / ${pct(p.medianReturn)}`}
              />
              <Stat label="Average excess over the index" value={pct(p.averageExcessReturn)} />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <Card withBorder radius="md">
                <Title order={2} size="h4" mb="xs">
                  Calibration
                </Title>
                <CalibrationChart
                  points={[...p.bands, ...p.deciles]
                    .filter((b) => b.meanConfidence !== null && b.beatRate !== null)
                    .map((b) => ({
                      label: b.band,
                      stated: b.meanConfidence! / 100,
                      observed: b.beatRate!,
                      n: b.resolved,
                    }))}
                />
              </Card>
              <Card withBorder radius="md">
                <Group justify="space-between" mb="xs">
                  <Title order={2} size="h4">
                    Cumulative return against the S&amp;P 500
                  </Title>
                  <Text size="xs">
                    <Text span c="indigo.8" fw={700}>
                      ■
                    </Text>{" "}
                    calls{" "}
                    <Text span c="gray.7" fw={700}>
                      ■
                    </Text>{" "}
                    index
                  </Text>
                </Group>
                <CumulativeChart series={p.cumulative} />
              </Card>
            </SimpleGrid>
            <Card withBorder radius="md">
              <Title order={2} size="h4" mb="xs">
                By stated confidence
              </Title>
              <Table.ScrollContainer minWidth={520}>
                <Table>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Confidence</Table.Th>
                      <Table.Th>Calls</Table.Th>
                      <Table.Th>Resolved</Table.Th>
                      <Table.Th>Mean stated</Table.Th>
                      <Table.Th>Beat the index</Table.Th>
                      <Table.Th>Hit rate</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {[...p.bands, ...p.deciles.filter((d) => d.count > 0)].map((b) => (
                      <Table.Tr key={b.band}>
                        <Table.Td>{b.band}</Table.Td>
                        <Table.Td>{b.count}</Table.Td>
                        <Table.Td>{b.resolved}</Table.Td>
                        <Table.Td>
                          {b.meanConfidence === null ? "—" : `${b.meanConfidence.toFixed(1)}%`}
                        </Table.Td>
                        <Table.Td>{rate(b.beatRate)}</Table.Td>
                        <Table.Td>{rate(b.hitRate)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Card>
          </Stack>
        )}
      </Container>
    </Box>
  );
}
