import {
  Card,
  Container,
  Group,
  ScrollArea,
  SimpleGrid,
  Spoiler,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { KEYBOARD_SCROLL } from "../../components/keyboard-scroll.ts";
import { LoadError } from "../../components/load-error.tsx";
import { Skeletons } from "../../components/skeleton-list.tsx";
import {
  formatDate,
  formatMoney,
  formatStatistic,
  percentPoints,
  pointsBetween,
  ratePercent,
  signedPercent,
  signedPercentValue,
  signedPoints,
} from "../../lib/format.ts";
import { calibrationView, designWidening } from "./calibration-bins.ts";
import { CalibrationChart, GrowthChart } from "./charts.tsx";
import { ModelCardSection } from "./model-card-section.tsx";
import { PreregistrationSection } from "./preregistration-section.tsx";
import { RangeCheckSection } from "./range-check-section.tsx";
import { type Performance, performanceQueryOptions } from "./track-record.queries.ts";

type CalibrationRow = Performance["bands"][number];
type Basket = Performance["basket"];
type EditorsPicks = Performance["editorsPicks"];

const pct = (v: number | null) => signedPercent(v);
const rate = (v: number | null) => ratePercent(v);
const interval = (low: number | null, high: number | null) =>
  low === null || high === null ? "—" : `${rate(low)} to ${rate(high)}`;
const shortInterval = (low: number | null, high: number | null) =>
  low === null || high === null ? null : `${formatStatistic(percentPoints(low), 1)}–${rate(high)}`;
/** A difference of two rates in percentage points, signed (taken between the rates as shown when both are). */
const points = (v: number | null, between?: [number | null, number | null]) =>
  between?.[0] != null && between[1] != null
    ? signedPoints(pointsBetween(between[0], between[1]))
    : signedPoints(v === null ? null : v * 100);
const signedNumber = (v: number) => {
  const p = percentPoints(v);
  return `${p > 0 ? "+" : ""}${formatStatistic(p, 1)}`;
};
const pointsInterval = (low: number | null, high: number | null) =>
  low === null || high === null ? null : `${signedNumber(low)} to ${signedNumber(high)}`;

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
        <Table.ScrollContainer minWidth={300} scrollAreaProps={KEYBOARD_SCROLL}>
          <Table aria-labelledby={id} striped fz="sm" horizontalSpacing={6} captionSide="bottom">
            {props.caption ? <Table.Caption>{props.caption}</Table.Caption> : null}
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{props.first}</Table.Th>
                <Table.Th scope="col">Resolved / calls</Table.Th>
                <Table.Th scope="col">Stated</Table.Th>
                <Table.Th scope="col">Happened</Table.Th>
                <Table.Th scope="col">Same risk</Table.Th>
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
                  <Table.Td>{rate(r.observedRateBaseline)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

/** The top-decile basket: the model's BUY calls of each date against random stocks of the same risk. */
function BasketSection(props: { basket: Basket }) {
  const b = props.basket;
  const id = useId();
  const newestFirst = [...b.dates].reverse();
  return (
    <Card withBorder radius="md" component="section" aria-labelledby={`${id}-title`}>
      <Title order={2} size="h4" mb="xs" id={`${id}-title`}>
        Top-decile basket, date by date
      </Title>
      {b.resolved === 0 ? (
        <Text size="sm">No BUY call has reached its target date yet.</Text>
      ) : (
        <Text size="sm" mb="xs">
          {rate(b.beatMedianRate)} of the model's BUY calls beat the median stock; random stocks of the same
          risk: {rate(b.beatMedianRateBaseline)}. Difference{" "}
          {points(b.beatMedianMinusBaseline, [b.beatMedianRate, b.beatMedianRateBaseline])}
          {pointsInterval(b.beatMedianMinusBaselineLow, b.beatMedianMinusBaselineHigh)
            ? ` (95%: ${pointsInterval(b.beatMedianMinusBaselineLow, b.beatMedianMinusBaselineHigh)})`
            : ""}
          ; {b.beatMedian} of {b.resolved} resolved calls over {b.dates.filter((d) => d.resolved > 0).length}{" "}
          dates
          {b.beatMedianLow !== null ? `, 95%: ${interval(b.beatMedianLow, b.beatMedianHigh)}` : ""}.
        </Text>
      )}
      {b.dates.length ? (
        <ScrollArea.Autosize
          mah={360}
          type="auto"
          // A scrolling region must be reachable by keyboard (axe: scrollable-region-focusable).
          viewportProps={{ tabIndex: 0, "aria-labelledby": `${id}-title` }}
        >
          <Table aria-labelledby={`${id}-title`} striped fz="sm" horizontalSpacing={6} stickyHeader>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Date</Table.Th>
                <Table.Th scope="col">BUY calls</Table.Th>
                <Table.Th scope="col">Beat the median</Table.Th>
                <Table.Th scope="col">Same risk</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {newestFirst.map((d) => (
                <Table.Tr key={d.date}>
                  <Table.Th scope="row" fw={600}>
                    {formatDate(d.date)}
                  </Table.Th>
                  <Table.Td>{d.calls}</Table.Td>
                  <Table.Td>{d.resolved ? `${d.beatMedian} of ${d.resolved}` : "open"}</Table.Td>
                  <Table.Td>{d.resolved ? rate(d.beatMedianRateBaseline) : "—"}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      ) : null}
      <Text size="xs" c="dimmed" mt={4}>
        Same risk: how often random index members of the same date and the same volatility fifth beat the
        median over the same sessions. The interval counts each date once, since one date's calls share one
        market.
      </Text>
    </Card>
  );
}

/** Editor's picks, apart from the model: the editors' own calls and confidence, never a calibrated probability. */
function EditorsPicksSection(props: { picks: EditorsPicks }) {
  const e = props.picks;
  const id = useId();
  return (
    <Card withBorder radius="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" mb="xs" id={id}>
        Editor's picks
      </Title>
      <Text size="sm">
        The editors' own calls, posted by an admin. Their confidence is the editor's, not a calibrated
        probability, and they are kept out of every figure of the model on this page.
      </Text>
      {e.count === 0 ? (
        <Text size="sm" mt={4}>
          No editor's picks in this record.
        </Text>
      ) : (
        <Text size="sm" mt={4}>
          {e.count} {e.count === 1 ? "pick" : "picks"}, {e.resolved} resolved
          {e.resolved
            ? `: ${e.beatMedian} beat the median stock (${rate(e.beatMedianRate)}); random stocks of the same risk: ${rate(e.beatMedianRateBaseline)}. The editors' mean confidence: ${e.meanEditorConfidence === null ? "—" : formatStatistic(e.meanEditorConfidence, 0)}.`
            : "."}
        </Text>
      )}
    </Card>
  );
}

/**
 * The page's first sentence: what kind of calls the record holds (docs/decisions/109-simulated-and-live-calls.md).
 * Simulated calls are never called evidence an investor could have had.
 */
export function provenanceLead(p: Pick<Performance, "count" | "live">): string {
  const live = p.live.count;
  if (live === 0)
    return "Every call below is simulated: made by the seed for past dates, with a design chosen knowing those dates' outcomes. No one could have acted on them.";
  if (p.count === 0)
    return `Every model call below is live: made on its own date, before its outcome was known (${live} so far).`;
  return `The model's figures below are ${p.count} simulated calls, made later for past dates with a design chosen knowing those dates' outcomes; no one could have acted on them. Its ${live} live ${live === 1 ? "call is" : "calls are"} scored apart.`;
}

type Evidence = Performance["evidence"];

/** "2010-2023" from a period of dates. */
const years = (period: { from: string | null; to: string | null }) =>
  period.from && period.to ? `${period.from.slice(0, 4)}-${period.to.slice(0, 4)}` : "—";

/** The headline's discount: how the same rule's yearly difference ranged over the walk-forward years with calls. */
export function yearlyRange(evidence: Evidence): string | null {
  const diffs = evidence.years.map((y) => y.difference).filter((d): d is number => d !== null);
  if (!diffs.length) return null;
  return `Over the ${diffs.length} walk-forward years with calls, the same rule's yearly difference from random stocks of the same risk ranged from ${signedNumber(Math.min(...diffs))} to ${signedNumber(Math.max(...diffs))} points.`;
}

/** The same rule on the survivorship-free set, beside the demo set over the same dates, in one sentence. */
function survivorshipFreeSentence(sf: Evidence["survivorshipFree"]): string {
  const range = pointsInterval(sf.differenceLow, sf.differenceHigh);
  return `On the survivorship-free set (${years(sf.period)}, the members that later failed or left included), the same rule's calls beat the median ${rate(sf.rate)} of the time against ${rate(sf.baseline)} for random stocks of the same risk: ${points(sf.difference)}${range ? ` (95%: ${range})` : ""}. The demo set over the same dates: ${points(sf.demoSameDates.difference)}.`;
}

/**
 * The simulated record's discounts beside it (docs/decisions/111): the same rule over every walk-forward year, so
 * one strong year reads as one year, and on the survivorship-free set, with the sentence saying the design was
 * chosen on these years.
 */
function EvidenceSection(props: { evidence: Evidence; seededYears: readonly string[] }) {
  const e = props.evidence;
  const sf = e.survivorshipFree;
  const id = useId();
  return (
    <Card withBorder radius="md" component="section" aria-labelledby={`${id}-title`}>
      <Title order={2} size="h4" mb="xs" id={`${id}-title`}>
        The same rule in every year, and without survivorship
      </Title>
      <Text size="sm" fw={600} mb="xs">
        {e.designChoice}
      </Text>
      <Text size="sm" mb="xs">
        {survivorshipFreeSentence(sf)}
      </Text>
      <Table.ScrollContainer minWidth={300} scrollAreaProps={KEYBOARD_SCROLL}>
        <Table aria-labelledby={`${id}-title`} striped fz="sm" horizontalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Year</Table.Th>
              <Table.Th scope="col">Calls</Table.Th>
              <Table.Th scope="col">Beat the median</Table.Th>
              <Table.Th scope="col">Same risk</Table.Th>
              <Table.Th scope="col">Difference (95%)</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {e.years.map((y) => (
              <Table.Tr key={y.year}>
                <Table.Th scope="row" fw={600}>
                  {y.year}
                  {props.seededYears.includes(String(y.year)) ? (
                    <Text span size="xs" c="dimmed">
                      {" "}
                      (seeded)
                    </Text>
                  ) : null}
                </Table.Th>
                <Table.Td>{y.calls ? y.calls : "none"}</Table.Td>
                <Table.Td>{rate(y.rate)}</Table.Td>
                <Table.Td>{rate(y.baseline)}</Table.Td>
                <Table.Td style={{ whiteSpace: "nowrap" }}>
                  {points(y.difference)}
                  {pointsInterval(y.differenceLow, y.differenceHigh) ? (
                    <Text size="xs" c="dimmed">
                      {pointsInterval(y.differenceLow, y.differenceHigh)}
                    </Text>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="xs" c="dimmed" mt={4}>
        {e.rule} None: that year's model stated one half for every stock, so the rule made no call.
      </Text>
    </Card>
  );
}

/** The live calls' record, apart from the simulated one. */
function LiveSection(props: { live: Performance["live"] }) {
  const l = props.live;
  const id = useId();
  return (
    <Card withBorder radius="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" mb="xs" id={id}>
        Live calls
      </Title>
      {l.count === 0 ? (
        <Text size="sm">
          No live calls yet: no call in this record was made on its own date. Live calls will be scored here,
          never pooled with the simulated ones.
        </Text>
      ) : (
        <Text size="sm">
          {l.count} live {l.count === 1 ? "call" : "calls"}, {l.resolved} resolved
          {l.resolved
            ? `: ${l.happened} did what they stated (${rate(l.rate)}${l.low !== null ? `, 95%: ${interval(l.low, l.high)}` : ""}); random stocks of the same risk: ${rate(l.baseline)}.`
            : "."}
        </Text>
      )}
    </Card>
  );
}

/** The track record itself, from the performance answer. */
export function TrackRecordView(props: { performance: Performance }) {
  const p = props.performance;
  const last = p.cumulative.length > 1 ? p.cumulative.at(-1) : undefined;
  // Bins with enough calls to compare, or years when every call stated about the same probability (decision 048).
  const calibration = calibrationView(p.bands, p.years, designWidening(p));
  return (
    <Stack gap="lg">
      <Text fw={700} data-testid="provenance-lead">
        {provenanceLead(p)}
      </Text>
      <Spoiler maxHeight={64} showLabel="Read how calls are scored" hideLabel="Show less" maw={900}>
        <Text c="dimmed" size="sm">
          {p.method} Scored as of {formatDate(p.asOf)}.
        </Text>
      </Spoiler>
      {p.observedRate !== null ? (
        <Text fw={600}>
          {rate(p.observedRate)} of the model's simulated calls did what they stated (beat the median stock,
          or for the lower half trail it); random stocks of the same risk: {rate(p.observedRateBaseline)}.
        </Text>
      ) : null}
      {yearlyRange(p.evidence) ? <Text size="sm">{yearlyRange(p.evidence)}</Text> : null}
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
        <Stat
          label="Recommendations"
          value={String(p.count + p.live.count + p.editorsPicks.count)}
          detail={`${p.count} simulated and ${p.live.count} live by the model, ${p.editorsPicks.count} editor's ${p.editorsPicks.count === 1 ? "pick" : "picks"}`}
        />
        <Stat
          label="Resolved / open"
          value={`${p.resolved} / ${p.open}`}
          detail="The model's simulated calls"
        />
        <Stat
          label="Stated event happened"
          value={rate(p.observedRate)}
          detail={p.observedRate === null ? undefined : `95%: ${interval(p.observedLow, p.observedHigh)}`}
        />
        <Stat
          label="Random stocks of the same risk"
          value={rate(p.observedRateBaseline)}
          detail={
            p.observedMinusBaseline === null
              ? undefined
              : `Difference ${points(p.observedMinusBaseline, [p.observedRate, p.observedRateBaseline])}${
                  pointsInterval(p.observedMinusBaselineLow, p.observedMinusBaselineHigh)
                    ? ` (95%: ${pointsInterval(p.observedMinusBaselineLow, p.observedMinusBaselineHigh)})`
                    : ""
                }`
          }
        />
        <Stat label="Mean stated probability" value={rate(p.meanProbability)} />
        <Stat
          label="Average total return"
          value={pct(p.averageReturn)}
          detail={
            p.averageUniverseReturn === null
              ? undefined
              : `Universe ${pct(p.averageUniverseReturn)}, excess ${
                  p.averageReturn === null
                    ? pct(p.averageExcessReturn)
                    : signedPercentValue(pointsBetween(p.averageReturn, p.averageUniverseReturn))
                }`
          }
        />
      </SimpleGrid>
      <EvidenceSection
        evidence={p.evidence}
        seededYears={p.years.filter((y) => y.count > 0).map((y) => y.label)}
      />
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
              members' average
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
            Growth of $1 held, each session, equally in every model call still open (recommended, target date
            not yet passed) against $1 held equally in that day's index members; total returns, gross of
            costs. The lines stand still on days with no open call. Editor's picks are not in it.
          </Text>
        </Card>
      </SimpleGrid>
      <CalibrationTable
        title="By stated confidence"
        first="Band"
        rows={p.bands.filter((b) => b.count > 0)}
        empty="No calls with a stated probability yet."
        caption="Stated: the mean probability the resolved calls gave their event. Happened: how often it did, with its 95% interval below (clustered by date). Same risk: how often random members of the same date and volatility fifth did the same. Bands are two points wide; bands without calls are left out. The chart joins neighbouring bands until each bar has at least 30 resolved calls."
      />
      <BasketSection basket={p.basket} />
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
      <LiveSection live={p.live} />
      <EditorsPicksSection picks={p.editorsPicks} />
      <ModelCardSection model={p.model} />
    </Stack>
  );
}

/** The page's content; the signed-in layout route puts the header above it. */
export function TrackRecordPage() {
  const { data: p, isPending, isError, error, refetch, isFetching } = useQuery(performanceQueryOptions());
  return (
    <Container size="xl" py="lg" component="main">
      <Title order={1} mb={4}>
        Track Record
      </Title>
      {isError ? (
        <LoadError what="the track record" error={error} onRetry={refetch} retrying={isFetching} />
      ) : isPending || !p ? (
        <Stack>
          <Skeletons count={3} height={120} testId="track-record-skeleton" />
        </Stack>
      ) : (
        <TrackRecordView performance={p} />
      )}
      <PreregistrationSection />
      <RangeCheckSection />
    </Container>
  );
}
