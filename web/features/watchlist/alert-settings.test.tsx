import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { notifications } from "@mantine/notifications";
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { bodyOf, type TestApp } from "../../../api/test/harness.ts";
import { AUTH_TOKEN_KEY } from "../../lib/auth-token.ts";
import { closeRealApi, signInBrowser, useRealApi } from "../../test/real-api.ts";
import { renderWithProviders } from "../../test/render.tsx";
import { AlertSettings } from "./alert-settings.tsx";

let api: TestApp;
let token: string;
beforeAll(async () => {
  api = await useRealApi();
  token = await signInBrowser(api, (await api.createUser()).email);
});
afterAll(() => closeRealApi(api));
afterEach(() => {
  cleanup();
  notifications.clean();
});

const saved = () => bodyOf(api.api(token).notifications.$get(), 200);

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

  test("the signing secret is masked until revealed, and copies whole", async () => {
    const { webhookSecret } = await saved();
    renderWithProviders(<AlertSettings />);
    const user = userEvent.setup();
    const field = (await screen.findByRole("textbox", { name: "Signing secret" })) as HTMLInputElement;
    expect(field.value).toBe(`${webhookSecret.slice(0, 8)}••••••••${webhookSecret.slice(-4)}`);
    expect(document.body.textContent).not.toContain(webhookSecret);
    await user.click(screen.getByRole("button", { name: "Copy signing secret" }));
    expect(await navigator.clipboard.readText()).toBe(webhookSecret);
    await screen.findByRole("button", { name: "Copied" });
    await user.click(screen.getByRole("button", { name: "Show signing secret" }));
    expect(field.value).toBe(webhookSecret);
    await user.click(screen.getByRole("button", { name: "Hide signing secret" }));
    expect(field.value).not.toContain(webhookSecret.slice(8, -4));
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

describe("an unverified alert address (real API in process)", () => {
  test("says why no alert email is sent, mails a code and takes it; then the notice goes", async () => {
    const mail: Array<{ to: string; text: string }> = [];
    api.deps.mailer = { send: async (m) => void mail.push(m) };
    const { email } = await api.createUser();
    await signInBrowser(api, email);
    try {
      renderWithProviders(<AlertSettings />);
      const user = userEvent.setup();
      const notice = await screen.findByText(
        `Alert emails are not sent to ${email} until you verify that address.`,
      );
      await user.click(screen.getByRole("button", { name: "Send verification code" }));
      expect(await screen.findByText(`A verification code has been sent to ${email}.`)).toBeTruthy();
      const code = /verification code is (\d{6})/.exec(mail.at(-1)?.text ?? "")?.[1] ?? "";
      await user.type(screen.getByRole("textbox", { name: "Verification code" }), code);
      await user.click(screen.getByRole("button", { name: "Verify email" }));
      expect(
        await screen.findByText("Email address verified: alert emails will be sent to it."),
      ).toBeTruthy();
      await waitFor(() => expect(notice.isConnected).toBe(false));
    } finally {
      localStorage.setItem(AUTH_TOKEN_KEY, token);
    }
  });

  test("a wrong code is refused with the API's reason", async () => {
    api.deps.mailer = { send: async () => {} };
    const { email } = await api.createUser();
    await signInBrowser(api, email);
    try {
      renderWithProviders(<AlertSettings />);
      const user = userEvent.setup();
      await user.click(await screen.findByRole("button", { name: "Send verification code" }));
      await user.type(await screen.findByRole("textbox", { name: "Verification code" }), "000000");
      await user.click(screen.getByRole("button", { name: "Verify email" }));
      expect(await screen.findByText("That code is wrong, used or expired. Ask for a new one.")).toBeTruthy();
      expect(screen.getByText(/until you verify that address/)).toBeTruthy();
    } finally {
      localStorage.setItem(AUTH_TOKEN_KEY, token);
    }
  });
});
