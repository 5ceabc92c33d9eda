import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { cleanup, screen, within } from "@testing-library/react";
import type { TestApp } from "../../../api/test/harness.ts";
import { useRealApi } from "../../test/real-api.ts";
import { renderWithProviders } from "../../test/render.tsx";
import { ApiDocsPage } from "./api-docs-page.tsx";

let api: TestApp;
beforeAll(async () => {
  api = await useRealApi();
});
afterAll(async () => {
  cleanup();
  await api.close();
});

describe("API Docs overview, from the real OpenAPI document", () => {
  test("the conventions are a list, one item per bullet, and no decision file is cited", async () => {
    renderWithProviders(<ApiDocsPage />);
    const heading = await screen.findByRole("heading", { name: "Overview" }, { timeout: 5000 });
    const overview = heading.parentElement!;
    const items = within(overview).getAllByRole("listitem");
    expect(items.map((i) => i.textContent?.split(":")[0])).toEqual([
      "Money",
      "Shares and chances (`probability`, every `...Rate`, returns)".replaceAll("`", ""),
      "Calendar days",
      "Yes/no",
      "Fixed sets of words are enums in this document. The historical filter `aggressive` takes the words `aggressive` or `non-aggressive` (the spec's); answers carry it as a boolean.".replaceAll(
        "`",
        "",
      ),
      "Paged lists answer `X-Total-Count`; the historical list, paged or not, also `Link".replaceAll("`", ""),
    ]);
    // No bullet text runs into the paragraph before it.
    expect(
      within(overview).getByText("One type per concept in every answer:").closest("p, li")?.tagName,
    ).toBe("P");
    expect(overview.textContent).not.toContain("- Money");
    expect(overview.textContent).not.toMatch(/docs\/decisions|\.md\b/);
  });
});
