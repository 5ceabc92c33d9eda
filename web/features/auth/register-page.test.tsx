import { afterEach, describe, expect, mock, test } from "bun:test";
import { notifications } from "@mantine/notifications";
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useRealApi } from "../../test/real-api.ts";
import { renderWithProviders } from "../../test/render.tsx";
import { RegisterPage } from "./register-page.tsx";

afterEach(() => {
  cleanup();
  // The toasts live in Mantine's module-level store: one test's would show in the next.
  notifications.clean();
});

/** Records the register requests the page sends; answers every other request with an empty list. */
function spyOnRegister() {
  const sent: unknown[] = [];
  globalThis.fetch = mock(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), "http://localhost"), init);
    if (new URL(request.url).pathname === "/api/auth/register") {
      sent.push(await request.json());
      return Response.json({ message: "Refused for the test." }, { status: 403 });
    }
    return Response.json({});
  }) as unknown as typeof fetch;
  return sent;
}

const passwordInput = () => document.querySelector('input[autocomplete="new-password"]') as HTMLElement;

describe("register page, validated with the API's RegisterInput", () => {
  test("empty fields show 'Missing Information' and send nothing", async () => {
    const sent = spyOnRegister();
    renderWithProviders(<RegisterPage />);
    const user = userEvent.setup();
    await user.type(await screen.findByRole("textbox", { name: /First name/ }), "Ada");
    await user.click(screen.getByRole("button", { name: "Create Account" }));
    await waitFor(() => expect(screen.getByText("Missing Information")).toBeTruthy());
    expect(screen.getByText("Please enter email and password.")).toBeTruthy();
    expect(screen.getByText("Email is required.")).toBeTruthy();
    expect(sent).toEqual([]);
  });

  test("a short password is refused under the field with the API's words and no toast", async () => {
    const sent = spyOnRegister();
    renderWithProviders(<RegisterPage />);
    const user = userEvent.setup();
    await user.type(await screen.findByRole("textbox", { name: /Email/ }), "ada@example.com");
    await user.type(passwordInput(), "short");
    await user.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByText("Password must be at least 8 characters.")).toBeTruthy();
    expect(screen.queryByText("Missing Information")).toBeNull();
    expect(sent).toEqual([]);
  });

  test("blank names are not sent", async () => {
    const sent = spyOnRegister();
    renderWithProviders(<RegisterPage />);
    const user = userEvent.setup();
    await user.type(await screen.findByRole("textbox", { name: /Last name/ }), "   ");
    await user.type(screen.getByRole("textbox", { name: /Email/ }), "ada@example.com");
    await user.type(passwordInput(), "long-enough-1");
    await user.click(screen.getByRole("button", { name: "Create Account" }));
    await waitFor(() => expect(sent).toEqual([{ email: "ada@example.com", password: "long-enough-1" }]));
  });
});

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
