import { afterEach, describe, expect, test } from "bun:test";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { renderWithProviders } from "../../test/render.tsx";
import { HistoricalFiltersForm } from "./historical-filters-form.tsx";
import type { HistoricalFilters } from "./recommendations.queries.ts";

afterEach(cleanup);

const RANGE = "Invalid Date Range: From date must be earlier than or equal to to date.";

describe("historical filters (validated with the API's search schema)", () => {
  test("an inverted range says the schema's message and disables Search; a valid one searches with it", async () => {
    const searched: HistoricalFilters[] = [];
    renderWithProviders(
      <HistoricalFiltersForm
        filters={{ fromDate: "2023-10-26", toDate: "2023-10-27" }}
        onSearch={(f) => searched.push(f)}
      />,
    );
    const search = () => screen.getByRole("button", { name: "Search" }) as HTMLButtonElement;
    const from = (await screen.findByLabelText("From Date")) as HTMLInputElement;
    expect(search().disabled).toBe(false);

    fireEvent.change(from, { target: { value: "2023-12-31" } });
    const refused = await screen.findByText(RANGE);
    expect(search().disabled).toBe(true);

    fireEvent.change(from, { target: { value: "2023-10-01" } });
    expect(refused.isConnected).toBe(false);
    expect(search().disabled).toBe(false);
    fireEvent.change(screen.getByRole("combobox", { name: "Stock Symbol" }), { target: { value: "msft" } });
    fireEvent.click(search());
    await waitFor(() => expect(searched.length).toBe(1));
    expect(searched[0]).toEqual({
      fromDate: "2023-10-01",
      toDate: "2023-10-27",
      symbol: "MSFT",
      aggressive: undefined,
    });
  });
});
