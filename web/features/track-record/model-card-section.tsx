import { Card, List, SimpleGrid, Spoiler, Stack, Text, Title } from "@mantine/core";
import { useId } from "react";
import { FITTED_RANGE } from "../../../api/analysis/fitted-range.constants.ts";
import { formatCount, formatStatistic, ratePercent, signedPercent } from "../../lib/format.ts";
import { FiguresTable } from "./figures-table.tsx";
import type { Performance } from "./track-record.queries.ts";

type ModelCard = Performance["model"];
type Figures = Pick<
  ModelCard,
  "samples" | "dates" | "baseRate" | "auc" | "brier" | "brierBase" | "decileSpread"
>;
type Spread = ModelCard["decileSpread"];

const rate = (v: number) => ratePercent(v);
const signed = (v: number) => signedPercent(v);
const count = formatCount;
/** A t statistic, an AUC or a Brier score with the decimals its size needs. */
const t = (v: number) => formatStatistic(v, 2);
const spread = (s: Spread) => `${signed(s.annualised)} a year (t ${t(s.tConservative)})`;

/** The headline figures of one set, a column each. */
function columnsOf(f: Figures): string[] {
  return [
    count(f.samples),
    formatStatistic(f.auc, 3),
    `${formatStatistic(f.brier, 5)} (base ${formatStatistic(f.brierBase, 5)})`,
    spread(f.decileSpread),
  ];
}

const ROWS = [
  "Stock-dates",
  "AUC (0.5 is chance)",
  "Brier score (stating the base rate: base)",
  "Top minus bottom decile",
];

/**
 * What the model card (docs/model-card.json) measured out of sample before any call on the page, in plain words:
 * point in time (each date's index members only), beside a survivorship-free test that keeps the companies that
 * later failed, and against the bar that the number of designs tried sets.
 */
export function ModelCardSection(props: { model: ModelCard }) {
  const m = props.model;
  const r = m.recent;
  const sf = m.survivorshipFree;
  const from = m.period.from.slice(0, 4);
  const to = m.period.to.slice(0, 4);
  const sfYears = `${sf.period.from.slice(0, 4)}-${sf.period.to.slice(0, 4)}`;
  const recentYears = `${r.fromYear}-${r.toYear}`;
  const held = m.rangeCoverageHeldBack;
  const heldBackYears = `${held.period.from.slice(0, 4)}-${held.period.to.slice(0, 4)}`;
  const headingId = useId();
  const columns: Array<[string, Figures]> = [
    [`${from}-${to}`, m],
    [recentYears, r],
    [`Survivorship-free ${sfYears}`, sf],
    [`Same dates, demo set`, sf.demoSameDates],
  ];
  const headline = columns.map(([, f]) => columnsOf(f));
  return (
    <Card withBorder radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id={headingId} mb={4}>
            How the model did before these calls (walk-forward {from}-{to})
          </Title>
          <Text size="sm" maw={900}>
            Each year from {from} to {to} was ranked by a model trained only on earlier years, and only the
            companies in the S&amp;P 500 on each date were scored: {count(m.samples)} stock-dates on{" "}
            {count(m.dates)} dates, each asking whether the stock's total return over the next {m.horizonDays}{" "}
            trading days beat the median member's. Returns are gross of trading costs.
          </Text>
          <Text size="sm" maw={900} mt={6} fw={600}>
            {m.edgeSignificant
              ? `The gap between the model's top and bottom tenth clears the bar for the ${m.designsTried} designs and variants tried on this history (t ${t(m.decileSpread.tConservative)} against ${t(m.hurdleT)}), and the survivorship-free test confirms it (t ${t(sf.decileSpread.tConservative)}): a small edge.`
              : m.clearsHurdleOnDemo
                ? `Not proven: the gap between the model's top and bottom tenth clears the bar for the ${m.designsTried} designs and variants tried on this history (t ${t(m.decileSpread.tConservative)}, the lower of Newey-West ${t(m.decileSpread.tNeweyWest)} and Hansen-Hodrick ${t(m.decileSpread.tHansenHodrick)}, against ${t(m.hurdleT)}) on stocks that survived to 2023, but the survivorship-free test, never used to build or choose the model, does not confirm it (t ${t(sf.decileSpread.tConservative)}, below ${t(m.confirmationT)}). Its probabilities are shown as close to a coin flip.`
                : `No proven edge: ${m.designsTried} designs and variants were tried on this history, so a result needs a t of ${t(m.hurdleT)} before it counts as more than luck; the model's reached ${t(m.decileSpread.tConservative)} (the lower of Newey-West ${t(m.decileSpread.tNeweyWest)} and Hansen-Hodrick ${t(m.decileSpread.tHansenHodrick)}). Its probabilities are close to a coin flip.`}
          </Text>
          <Spoiler maxHeight={0} showLabel="Read the test protocol" hideLabel="Hide the protocol" maw={900}>
            <Text size="sm" c="dimmed">
              {m.protocol}
            </Text>
          </Spoiler>
        </div>
        <FiguresTable
          minWidth={520}
          caption={`Headline figures: ${from}-${to}, ${recentYears} alone, the survivorship-free set and the demo set over the same dates`}
          columns={["Figure", ...columns.map(([label]) => label)]}
          rows={ROWS.map((label, k) => ({ key: label, label, cells: headline.map((cells) => cells[k]) }))}
        />
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
          <List size="sm" spacing={6}>
            <List.Item>
              AUC {formatStatistic(m.auc, 3)}: take a stock that beat the median and one that did not; the
              model gave the first the higher probability {rate(m.auc)} of the time, where a coin toss gets
              50%.
            </List.Item>
            <List.Item>
              Brier score {formatStatistic(m.brier, 5)} against {formatStatistic(m.brierBase, 5)} for stating
              the base rate ({rate(m.baseRate)} of stocks beat the median) for every stock: lower is better.
            </List.Item>
            <List.Item>
              The top tenth beat the median {rate(m.topDecileBeatRate)} of the time, the bottom tenth{" "}
              {rate(m.bottomDecileBeatRate)}. Top minus bottom: {spread(m.decileSpread)}; {recentYears} alone{" "}
              {spread(r.decileSpread)}. The t allows for overlapping {m.horizonDays}-day returns: the lower of
              Newey-West and Hansen-Hodrick.
            </List.Item>
            <List.Item>
              Survivorship-free test ({sfYears}, every member including those that later failed or were taken
              over): {spread(sf.decileSpread)}, against {spread(sf.demoSameDates.decileSpread)} for the demo
              set on the same dates.
            </List.Item>
            <List.Item>
              Ranked inside each volatility fifth (not a bet on riskier stocks):{" "}
              {spread(m.spreadWithinVolatilityFifths)}.
            </List.Item>
          </List>
          <FiguresTable
            minWidth={280}
            caption={
              <>
                Each stock's {FITTED_RANGE}, on survivorship-free dates held back from its fit (
                {heldBackYears}): share of outcomes inside, below and above it, by volatility fifth (1
                calmest). The aim is 80% inside and 10% each side;{" "}
                {held.targetMet ? "every fifth is" : "not every fifth is"} within {rate(held.target.low)}-
                {rate(held.target.high)}.
              </>
            }
            columns={["Fifth", "Stock-dates", "Inside", "Below", "Above"]}
            rows={held.byVolatility.map((c) => ({
              key: c.fifth,
              label: c.fifth,
              cells: [count(c.n), rate(c.coverage), rate(c.below), rate(c.above)],
            }))}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
          <FiguresTable
            minWidth={280}
            caption="Stated against observed, by year: the mean probability stated for the stock-dates of each test year and how often the stated event happened"
            columns={["Year", "Stock-dates", "Stated", "Observed"]}
            rows={m.calibrationByYear.map((y) => ({
              key: y.year,
              label: y.year,
              cells: [count(y.n), rate(y.stated), rate(y.observed)],
            }))}
          />
          <FiguresTable
            minWidth={300}
            caption="Single price-only factors on the same footing: top minus bottom decile"
            columns={["Factor", "Demo", "Survivorship-free"]}
            rows={m.effects.map((e) => ({
              key: e.name,
              label: (
                <>
                  {e.name}
                  <Text size="xs" c="dimmed" fw={400}>
                    {e.literature}
                  </Text>
                </>
              ),
              cells: [spread(e.demo), spread(e.survivorshipFree)],
            }))}
          />
        </SimpleGrid>
        <div>
          <Title order={3} size="h4" mb={4}>
            Survivorship left
          </Title>
          <Text size="sm" maw={900}>
            {m.survivorshipLeft}
          </Text>
        </div>
        <div>
          <Title order={3} size="h4" mb={4}>
            Designs tried ({m.designsTried})
          </Title>
          <List size="sm" spacing={4} maw={900}>
            {m.designs.map((d) => (
              <List.Item key={d.name}>
                {d.name} ({d.when}): {d.result}
              </List.Item>
            ))}
          </List>
        </div>
      </Stack>
    </Card>
  );
}
