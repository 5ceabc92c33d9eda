import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { notifications } from "@mantine/notifications";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { bodyOf, type TestApp } from "../../../api/test/harness.ts";
import { InsightCard } from "../../features/insights/insight-card.tsx";
import type { Insight } from "../../features/insights/insights.queries.ts";
import { RecommendationCard } from "../../features/recommendations/recommendation-card.tsx";
import type { CurrentUser } from "../../lib/current-user.queries.ts";
import { closeRealApi, signInBrowser, useRealApi } from "../../test/real-api.ts";
import { adminRecommendation } from "../../test/recommendation-fixture.ts";
import { renderWithProviders } from "../../test/render.tsx";
import { SignedInFrame } from "./signed-in-frame.tsx";

let api: TestApp;
let token: string;
let insight: Insight;
let user: CurrentUser;

beforeAll(async () => {
  api = await useRealApi();
  await api.useDemoMarket({ from: "2022-01-01" });
  token = await signInBrowser(api, (await api.createUser()).email);
  insight = await bodyOf(api.api(token).insights.analyze.$post({ json: { symbol: "XOM" } }), 201);
  user = await bodyOf(api.api(token).auth.user.$get(), 200);
});
afterAll(() => closeRealApi(api));
afterEach(() => {
  cleanup();
  notifications.clean();
});

const watched = async () => (await bodyOf(api.api(token).watchlist.$get(), 200)).map((i) => i.symbol);

describe("the signed-in frame (real API in process)", () => {
  test("the header has the alerts bell; every recommendation and analysis card adds its stock to the watchlist", async () => {
    renderWithProviders(
      <SignedInFrame user={user}>
        <RecommendationCard recommendation={{ ...adminRecommendation, symbol: "JPM" }} onOpen={() => {}} />
        <InsightCard insight={insight} />
      </SignedInFrame>,
    );
    // The header comes in a deferred render after the boot row (decision 152): a busy machine may take a while.
    expect(
      await screen.findByRole("button", { name: "Alerts, none unseen" }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(document.querySelector(".sb-boot")).toBeNull();
    const u = userEvent.setup();
    const card = screen.getByTestId("recommendation-card");
    await u.click(within(card).getByRole("button", { name: "Add JPM to watchlist" }));
    await screen.findByText("Stock Added");
    await waitFor(async () => expect(await watched()).toEqual(["JPM"]));
    const analysis = screen.getByTestId("insight-card");
    await u.click(within(analysis).getByRole("button", { name: "Add XOM to watchlist" }));
    await waitFor(async () => expect(await watched()).toEqual(["JPM", "XOM"]));
  });

  test("outside the frame (a card on a public page) the cards offer no watchlist action", async () => {
    renderWithProviders(<InsightCard insight={insight} />);
    await screen.findByTestId("insight-card");
    expect(screen.queryByRole("button", { name: /to watchlist/ })).toBeNull();
  });
});
