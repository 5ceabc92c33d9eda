import { afterEach, describe, expect, test } from "bun:test";
import { MantineProvider } from "@mantine/core";
import { cleanup, render, screen } from "@testing-library/react";
import { MODEL_HEADLINE } from "../../../api/analysis/model-headline.constants.ts";
import { sizePercent } from "../../lib/format.ts";
import { theme } from "../../theme.ts";
import { ModelEvidence, type ModelHeadline } from "./model-evidence.tsx";

afterEach(cleanup);

const noEdge: ModelHeadline = {
  edgeSignificant: false,
  clearsHurdleOnDemo: false,
  confirmationT: 1.96,
  designsTried: 27,
  hurdleT: 3.1,
  auc: 0.5113,
  decileSpread: { annualised: 0.041, tNeweyWest: 1.4 },
  survivorshipFree: { decileSpread: { annualised: -0.012, tNeweyWest: -0.3 } },
  period: { from: "2010-01-08", to: "2023-10-23" },
};

const show = (headline: ModelHeadline) => {
  render(
    <MantineProvider theme={theme}>
      <ModelEvidence headline={headline} />
    </MantineProvider>,
  );
  return screen.getByRole("region", { name: "What the model's record shows" }).textContent ?? "";
};

describe("the landing page's paragraph on the model's evidence", () => {
  test("no significant edge: both test sets' spreads, luck not ruled out after the designs tried, a coin flip", () => {
    const text = show(noEdge);
    expect(text).toContain("only on years it never learned from (2010 to 2023)");
    expect(text).toContain(
      "Counting only the stocks that were in the S&P 500 on each date, its top tenth of picks beat the bottom " +
        "tenth by 4.1% a year (not enough to rule out luck, given that 27 versions of the model were tried)",
    );
    expect(text).toContain(
      "companies that later failed or left the index, never used to build or choose the model, the top tenth trailed the bottom tenth by 1.2% a year (not " +
        "enough to rule out luck)",
    );
    expect(text).toContain("ranks the winner higher 51 times in 100, where a coin flip gets 50");
    expect(text).toContain("Treat its probabilities as close to a coin flip.");
  });

  test("a significant edge says so, still small", () => {
    const text = show({
      ...noEdge,
      edgeSignificant: true,
      clearsHurdleOnDemo: true,
      decileSpread: { annualised: 0.09, tNeweyWest: 3.4 },
      survivorshipFree: { decileSpread: { annualised: 0.07, tNeweyWest: 3.2 } },
    });
    expect(text).toContain(
      "beat the bottom tenth by 9.0% a year (more than luck would explain, even though 27 versions of the model " +
        "were tried)",
    );
    expect(text).toContain("the top tenth beat the bottom tenth by 7.0% a year (which confirms it)");
    expect(text).not.toContain("close to a coin flip");
    expect(text).toContain("The edge is real but small");
  });

  test("clearing the hurdle on survivors alone is not enough: unconfirmed, it stays a coin flip", () => {
    const text = show({
      ...noEdge,
      clearsHurdleOnDemo: true,
      decileSpread: { annualised: 0.074, tNeweyWest: 4.27 },
      survivorshipFree: { decileSpread: { annualised: 0.044, tNeweyWest: 1.2 } },
    });
    expect(text).toContain("beat the bottom tenth by 7.4% a year (more than luck would explain");
    expect(text).toContain("beat the bottom tenth by 4.4% a year (not enough to rule out luck)");
    expect(text).toContain("Until a test it was never tuned on confirms the edge");
    expect(text).not.toContain("The edge is real");
  });

  test("the landing page's own figures, from the model card: a coin flip unless the edge is significant", () => {
    const text = show(MODEL_HEADLINE);
    expect(text).toContain(`${MODEL_HEADLINE.designsTried} versions of the model were tried`);
    expect(text).toContain(`${sizePercent(MODEL_HEADLINE.decileSpread.annualised)} a year`);
    expect(
      text.includes("treat its probabilities as close to a coin flip.") || text.includes("Treat its"),
    ).toBe(!MODEL_HEADLINE.edgeSignificant);
  });
});
