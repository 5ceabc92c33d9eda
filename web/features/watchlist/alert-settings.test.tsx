import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { notifications } from "@mantine/notifications";
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { TestApp } from "../../../api/test/harness.ts";
import { AUTH_TOKEN_KEY } from "../../lib/auth-token.ts";
import { useRealApi } from "../../test/real-api.ts";
import { renderWithProviders } from "../../test/render.tsx";
import { AlertSettings } from "./alert-settings.tsx";

let api: TestApp;
let token: string;
beforeAll(async () => {
  api = await useRealApi();
  token = await api.signIn((await api.createUser()).email, "correct-horse-battery");
  localStorage.setItem(AUTH_TOKEN_KEY, token);
});
afterAll(async () => {
  localStorage.removeItem(AUTH_TOKEN_KEY);
  await api.close();
});
afterEach(() => {
  cleanup();
  notifications.clean();
});

const saved = async () =>
  (await (await api.request("/api/notifications", { token })).json()) as {
    emailAlerts: boolean;
    webhookUrl: string | null;
    webhookSecret: string;
  };

describe("alert settings form (real API in process)", () => {
  test("saves the switch and the webhook, then shows what the API kept", async () => {
    renderWithProviders(<AlertSettings />);
    const user = userEvent.setup();
    const email = await screen.findByRole("switch", { name: "Email me when an alert fires" });
    expect(email).toHaveProperty("checked", false);
    await user.click(email);
    const webhook = screen.getByRole("textbox", { name: /Webhook URL/ });
    await user.type(webhook, "  https://hooks.example.com/signal  ");
    await user.click(screen.getByRole("button", { name: "Save alert settings" }));
    expect(await screen.findByText("Alert settings saved")).toBeTruthy();
    expect(await saved()).toMatchObject({
      emailAlerts: true,
      webhookUrl: "https://hooks.example.com/signal",
    });
    await waitFor(() =>
      expect(screen.getByRole("textbox", { name: /Webhook URL/ })).toHaveProperty(
        "value",
        "https://hooks.example.com/signal",
      ),
    );
  });

  test("a webhook over the API's limit is refused under the field and not saved", async () => {
    const before = await saved();
    renderWithProviders(<AlertSettings />);
    const user = userEvent.setup();
    const webhook = await screen.findByRole("textbox", { name: /Webhook URL/ });
    await user.clear(webhook);
    await user.click(webhook);
    await user.paste(`https://hooks.example.com/${"x".repeat(2000)}`);
    await user.click(screen.getByRole("button", { name: "Save alert settings" }));
    expect(await screen.findByText("Webhook URL is 2000 characters at most.")).toBeTruthy();
    // Under the field, before any request: not the API's refusal in a toast.
    expect(screen.getByRole("textbox", { name: /Webhook URL/ }).getAttribute("aria-invalid")).toBe("true");
    expect(screen.queryByText("Alert settings saved")).toBeNull();
    expect(await saved()).toEqual(before);
  });
});
