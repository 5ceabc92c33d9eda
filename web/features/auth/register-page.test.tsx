import { afterEach, describe, expect, test } from "bun:test";
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useRealApi } from "../../test/real-api.ts";
import { renderWithProviders } from "../../test/render.tsx";
import { RegisterPage } from "./register-page.tsx";

afterEach(cleanup);

describe("register page (real API in process)", () => {
  test("with REGISTRATION=closed the server's refusal shows as 'Registration Failed'", async () => {
    const api = await useRealApi();
    api.deps.config.registration = "closed";
    renderWithProviders(<RegisterPage />);
    const user = userEvent.setup();
    await user.type(await screen.findByRole("textbox", { name: /Email/ }), "late@example.com");
    await user.type(
      document.querySelector('input[autocomplete="new-password"]') as HTMLElement,
      "long-enough-1",
    );
    await user.click(screen.getByRole("button", { name: "Create Account" }));
    await waitFor(() => expect(screen.getByText("Registration Failed")).toBeTruthy());
    expect(screen.getByText("Registration is closed on this server.")).toBeTruthy();
    await api.close();
  });
});
