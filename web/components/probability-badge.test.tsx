import { afterEach, describe, expect, test } from "bun:test";
import { MantineProvider } from "@mantine/core";
import { cleanup, render, screen } from "@testing-library/react";
import { growthTone } from "../features/earnings/earnings.logic.ts";
import { theme } from "../theme.ts";
import { ChanceBadge } from "./model-outlook.tsx";
import { ProbabilityBadge } from "./probability-badge.tsx";

afterEach(cleanup);

const unproven = { beatsBaseRate: false, growthMeasured: true };

describe("one way to show a probability (decision 126)", () => {
  test("49% and 50% look alike wherever the evidence does not prove skill: the same neutral badge", () => {
    render(
      <MantineProvider theme={theme}>
        <ProbabilityBadge tone={growthTone(49, unproven)}>49% · Low Confidence</ProbabilityBadge>
        <ProbabilityBadge tone={growthTone(50, unproven)}>50% · Moderate</ProbabilityBadge>
        <ChanceBadge percent={52} model={{ statedEvent: "beats-median", edgeSignificant: false }} />
      </MantineProvider>,
    );
    const badges = ["49% · Low Confidence", "50% · Moderate", "52% chance"].map(
      (text) => screen.getByText(text).closest("[data-tone]")!,
    );
    expect(badges.map((b) => b.getAttribute("data-tone"))).toEqual(["neutral", "neutral", "neutral"]);
    // Same colour, same variant: nothing but the words and the number differs.
    expect(new Set(badges.map((b) => b.getAttribute("style"))).size).toBe(1);
    expect(new Set(badges.map((b) => b.getAttribute("data-variant"))).size).toBe(1);
  });

  test("the spec's bands colour a probability only once the evidence says it has skill", () => {
    const proven = { beatsBaseRate: true, growthMeasured: true };
    expect([growthTone(49, proven), growthTone(50, proven), growthTone(70, proven)]).toEqual([
      "red",
      "yellow",
      "green",
    ]);
    render(
      <MantineProvider theme={theme}>
        <ChanceBadge percent={82} model={{ statedEvent: "beats-median", edgeSignificant: true }} />
      </MantineProvider>,
    );
    expect(screen.getByText("82% chance").closest("[data-tone]")?.getAttribute("data-tone")).toBe("green");
  });
});
