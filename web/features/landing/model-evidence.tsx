import { Container, Text, Title } from "@mantine/core";
import { percentPoints, sizePercent } from "../../lib/format.ts";

/** The model card's headline out-of-sample figures (api/analysis/model-headline.constants.ts); fractions, t values. */
export interface ModelHeadline {
  edgeSignificant: boolean;
  clearsHurdleOnDemo: boolean;
  confirmationT: number;
  designsTried: number;
  hurdleT: number;
  auc: number;
  decileSpread: { annualised: number; tNeweyWest: number };
  survivorshipFree: { decileSpread: { annualised: number; tNeweyWest: number } };
  period: { from: string; to: string };
}

const yearly = (fraction: number) => `${sizePercent(fraction)} a year`;

/** "beat the bottom tenth by 4.1% a year", or "trailed ... by" when the top tenth did worse. */
const gap = (annualised: number) =>
  `${annualised >= 0 ? "beat" : "trailed"} the bottom tenth by ${yearly(annualised)}`;

/** Whether the survivorship-free set confirms: one test never tuned on, 5% two-sided (the card's rule). */
const confirms = (spread: { annualised: number; tNeweyWest: number }, h: ModelHeadline) =>
  spread.annualised > 0 && spread.tNeweyWest >= h.confirmationT;

/**
 * The model's out-of-sample evidence in words a new investor understands: the point-in-time spread between its top
 * and bottom picks, the same on a test set that keeps the companies that later failed, how often it ranks a winner
 * above a loser against a coin flip, and what to make of its probabilities. Every figure comes from the model card.
 */
export function modelEvidenceText(h: ModelHeadline): string {
  const from = h.period.from.slice(0, 4);
  const to = h.period.to.slice(0, 4);
  const versions = `${h.designsTried} versions of the model were tried`;
  const luck = (significant: boolean) =>
    significant
      ? `more than luck would explain, even though ${versions}`
      : `not enough to rule out luck, given that ${versions}`;
  const free = h.survivorshipFree.decileSpread;
  const auc = percentPoints(h.auc, 0);
  return (
    `We test the model only on years it never learned from (${from} to ${to}). Counting only the stocks that were ` +
    `in the S&P 500 on each date, its top tenth of picks ${gap(h.decileSpread.annualised)} ` +
    `(${luck(h.clearsHurdleOnDemo)}). On a second test set that also holds companies that later failed or left the ` +
    `index, never used to build or choose the model, the top tenth ${gap(free.annualised)} (${confirms(free, h) ? "which confirms it" : "not enough to rule out luck"}). Shown one stock that went on to beat ` +
    `the median stock and one that did not, it ranks the winner higher ${auc} times in 100, where a coin flip ` +
    `gets 50. ` +
    (h.edgeSignificant
      ? "The edge is real but small: read a 55% chance as 55 in 100, not as a sure thing."
      : h.clearsHurdleOnDemo
        ? "Until a test it was never tuned on confirms the edge, treat its probabilities as close to a coin flip."
        : "Treat its probabilities as close to a coin flip.")
  );
}

/** The landing page's plain-words paragraph on what the model's record shows. */
export function ModelEvidence(props: { headline: ModelHeadline }) {
  return (
    <Container size="md" pb={{ base: 48, sm: 72 }} component="section" aria-labelledby="model-evidence-title">
      <Title order={2} ta="center" mb="md" id="model-evidence-title">
        What the model's record shows
      </Title>
      <Text c="dimmed" data-testid="model-evidence">
        {modelEvidenceText(props.headline)}
      </Text>
    </Container>
  );
}
