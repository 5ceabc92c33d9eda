import { afterEach, describe, expect, test } from "bun:test";
import { MantineProvider } from "@mantine/core";
import { cleanup, render, screen } from "@testing-library/react";
import { theme } from "../theme.ts";
import { ModelOutlook } from "./model-outlook.tsx";

afterEach(cleanup);

const show = (model: Parameters<typeof ModelOutlook>[0]["model"]) =>
  render(
    <MantineProvider theme={theme}>
      <ModelOutlook model={model} />
    </MantineProvider>,
  );

describe("the range on a model's outlook says what it is (decision 140)", () => {
  test("called fitted to hold 80%, the 10th to 90th percentile, never a bare 80% that reads as measured", () => {
    show({
      expectedExcessReturn: -0.014,
      expectedExcessLow: -0.151,
      expectedExcessHigh: 0.092,
      horizonDays: 60,
    });
    const line = screen.getByText(/^Expected to trail the median stock/);
    expect(line.textContent).toBe(
      "Expected to trail the median stock by 1.4% over 60 trading days; range fitted to hold 80% of outcomes " +
        "(10th to 90th percentile): -15.1% to +9.2%",
    );
    expect(screen.getByTestId("model-outlook").textContent).not.toContain("(80%");
  });

  test("without both ends there is no range to label", () => {
    show({ expectedExcessReturn: 0.012, expectedExcessLow: null, expectedExcessHigh: 0.1, horizonDays: 60 });
    expect(screen.getByTestId("model-outlook").textContent).toBe(
      "Expected to beat the median stock by 1.2% over 60 trading days",
    );
  });
});
