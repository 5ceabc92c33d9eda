import { Card, List, SimpleGrid, Spoiler, Stack, Table, Text, Title } from "@mantine/core";
import { useId } from "react";
import { formatPercent } from "../../lib/format.ts";
import type { Performance } from "./track-record.queries.ts";

type ModelCard = Performance["model"];
type Figures = Pick<
  ModelCard,
  | "auc"
  | "brier"
  | "brierBase"
  | "topDecileBeatRate"
  | "bottomDecileBeatRate"
  | "decileSpread"
  | "meanCalibrationGap"
>;

const rate = (v: number) => `${(v * 100).toFixed(1)}%`;
const signed = (v: number) => formatPercent(v * 100);
const count = (n: number) => n.toLocaleString("en-US");
const spread = (s: Figures["decileSpread"]) =>
  `${signed(s.annualised)} a year (t ${s.t}, ${s.periods} periods)`;

/** The headline figures, one row each, over the whole test period and its last years alone. */
function headlineRows(all: Figures, recent: Figures): Array<[string, string, string]> {
  return [
    ["AUC (0.5 is chance)", all.auc.toFixed(3), recent.auc.toFixed(3)],
    [
      "Brier score (always 50%: base)",
      `${all.brier.toFixed(5)} (base ${all.brierBase.toFixed(5)})`,
      `${recent.brier.toFixed(5)} (base ${recent.brierBase.toFixed(5)})`,
    ],
    ["Top decile beat the median", rate(all.topDecileBeatRate), rate(recent.topDecileBeatRate)],
    ["Bottom decile beat the median", rate(all.bottomDecileBeatRate), rate(recent.bottomDecileBeatRate)],
    ["Top minus bottom decile", spread(all.decileSpread), spread(recent.decileSpread)],
    [
      "Mean yearly gap, stated vs observed",
      `${(all.meanCalibrationGap * 100).toFixed(1)} points`,
      `${(recent.meanCalibrationGap * 100).toFixed(1)} points`,
    ],
  ];
}

/**
 * What the model card (docs/model-card.json) measured out of sample before any call on the page, in plain words:
 * the figures a reader needs to check the model's claims, with the caveats that shrink them.
 */
export function ModelCardSection(props: { model: ModelCard }) {
  const m = props.model;
  const r = m.recent;
  const from = m.period.from.slice(0, 4);
  const to = m.period.to.slice(0, 4);
  const recentYears = `${r.fromYear}-${r.toYear}`;
  const headingId = useId();
  const flipped = m.survivorship.effects.filter((e) => e.flippedSign);
  const recentHeld = r.decileSpread.t >= 2;
  return (
    <Card withBorder radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id={headingId} mb={4}>
            How the model did before these calls (walk-forward {from}-{to})
          </Title>
          <Text size="sm" maw={900}>
            Each year from {from} to {to} was ranked by a model trained only on earlier years and scored on
            what followed: {count(m.samples)} stock-dates on {count(m.dates)} dates, each asking whether the
            stock's total return over the next {m.horizonDays} sessions beat the median stock's.{" "}
            {m.designsTried} designs were tried on this same history, so the chosen one looks somewhat better
            than a fresh test would. Returns are gross of trading costs.
          </Text>
          <Spoiler maxHeight={0} showLabel="Read the test protocol" hideLabel="Hide the protocol" maw={900}>
            <Text size="sm" c="dimmed">
              {m.protocol}
            </Text>
          </Spoiler>
        </div>
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
          <Stack gap="sm">
            <Table.ScrollContainer minWidth={300}>
              <Table striped fz="sm" horizontalSpacing={6} captionSide="top">
                <Table.Caption>
                  Headline figures, {from}-{to} and {recentYears} alone
                </Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Figure</Table.Th>
                    <Table.Th scope="col">
                      {from}-{to}
                    </Table.Th>
                    <Table.Th scope="col">{recentYears}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {headlineRows(m, r).map(([label, all, recent]) => (
                    <Table.Tr key={label}>
                      <Table.Th scope="row" fw={600}>
                        {label}
                      </Table.Th>
                      <Table.Td>{all}</Table.Td>
                      <Table.Td>{recent}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <List size="sm" spacing={6}>
              <List.Item>
                AUC {m.auc.toFixed(3)}: take a stock that beat the median and one that did not; the model
                ranked the first higher {rate(m.auc)} of the time, where a coin toss gets 50%. A weak signal:
                most of a single stock's outcome is noise.
              </List.Item>
              <List.Item>
                Brier score {m.brier.toFixed(5)} against {m.brierBase.toFixed(5)} for always saying 50%: the
                stated probabilities are only slightly better than saying nothing, which is why confidence
                stays within a few points of 50%.
              </List.Item>
              <List.Item>
                The top decile beat the median {rate(m.topDecileBeatRate)} of the time, the bottom decile{" "}
                {rate(m.bottomDecileBeatRate)}. Holding the top decile and shorting the bottom earned{" "}
                {signed(m.decileSpread.annualised)} a year, t {m.decileSpread.t} over {m.decileSpread.periods}{" "}
                non-overlapping {m.horizonDays}-session periods.
              </List.Item>
              <List.Item>
                {recentYears} alone: top minus bottom decile {signed(r.decileSpread.annualised)} a year (t{" "}
                {r.decileSpread.t}, {r.decileSpread.periods} periods).{" "}
                {recentHeld
                  ? "The edge held in the last years of the data."
                  : `The edge measured over ${from}-${to} did not show in the last years of the data.`}
              </List.Item>
            </List>
          </Stack>
          <Table.ScrollContainer minWidth={280}>
            <Table striped fz="sm" horizontalSpacing={6} captionSide="top">
              <Table.Caption>
                Stated against observed, by year: the mean probability stated for the stock-dates of each test
                year and how often the stated event happened
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Year</Table.Th>
                  <Table.Th scope="col">Stock-dates</Table.Th>
                  <Table.Th scope="col">Stated</Table.Th>
                  <Table.Th scope="col">Observed</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {m.calibrationByYear.map((y) => (
                  <Table.Tr key={y.year}>
                    <Table.Th scope="row" fw={600}>
                      {y.year}
                    </Table.Th>
                    <Table.Td>{count(y.n)}</Table.Td>
                    <Table.Td>{rate(y.stated)}</Table.Td>
                    <Table.Td>{rate(y.observed)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </SimpleGrid>
        <div>
          <Title order={3} size="h4" mb={4}>
            Survivorship: the universe is today's S&amp;P 500
          </Title>
          <Text size="sm" maw={900}>
            The universe is the stocks in the S&amp;P 500 today, followed back in time: companies that failed,
            were taken over or left the index are missing, so the past looks better than it was.
            Equal-weighted, the universe's total return beat the index's price return by{" "}
            {signed(m.survivorship.meanDifference2005to2013)} a year in 2005-2013 and{" "}
            {signed(m.survivorship.meanDifference2014to2022)} in 2014-2022 (part of that is dividends). The
            model's event is measured against the universe's own median, so this does not inflate its stated
            probabilities, but it shapes what the model can learn:{" "}
            {flipped.length
              ? `${flipped.map((e) => e.name).join(" and ")} ${flipped.length > 1 ? "have" : "has"} the opposite sign to the published studies here, as survivorship predicts: the volatile or beaten-down stocks still in the index today are the ones that recovered. Live, expect less.`
              : "no published effect has the opposite sign here."}
          </Text>
        </div>
        <Table.ScrollContainer minWidth={300}>
          <Table striped fz="sm" horizontalSpacing={6} captionSide="top" maw={900}>
            <Table.Caption>
              Published effects inside this universe: top minus bottom decile of one feature, {from}-{to}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Effect</Table.Th>
                <Table.Th scope="col">A year (t)</Table.Th>
                <Table.Th scope="col">Sign</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {m.survivorship.effects.map((e) => (
                <Table.Tr key={e.name}>
                  <Table.Th scope="row" fw={600}>
                    {e.name}
                    <Text size="xs" c="dimmed" fw={400}>
                      {e.literature}
                    </Text>
                  </Table.Th>
                  <Table.Td>
                    {signed(e.spread.annualised)} (t {e.spread.t})
                  </Table.Td>
                  <Table.Td fw={e.flippedSign ? 700 : undefined}>
                    {e.flippedSign ? "flipped" : "as published"}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Card>
  );
}
