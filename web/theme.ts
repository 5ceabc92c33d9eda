import { type CSSVariablesResolver, createTheme, localStorageColorSchemeManager } from "@mantine/core";

export const theme = createTheme({
  primaryColor: "indigo",
  // Shade 7 keeps white text on filled buttons above WCAG AA contrast (shade 6 is 4.3:1).
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: "md",
  // The system stack, no web font: Inter was declared and never loaded; loading it would cost a render-blocking
  // font request and ~50 KB on every first visit for a face the system stack renders nearly alike (decision 036).
  fontFamily:
    'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: "700" },
  colors: {
    // Mantine's orange with shade 9 darkened from #d9480f (white text 4.29:1) to #c2410c (5.2:1), for the filled
    // orange-9 controls (the admin's Deactivate, the API docs' PATCH badge).
    orange: [
      "#fff4e6",
      "#ffe8cc",
      "#ffd8a8",
      "#ffc078",
      "#ffa94d",
      "#ff922b",
      "#fd7e14",
      "#f76707",
      "#e8590c",
      "#c2410c",
    ],
  },
  // Every dialog's and drawer's close button is named (axe: button-name, critical). Plain objects rather than
  // Modal.extend(), which would pull the modal's code into the entry.
  components: {
    Modal: { defaultProps: { closeButtonProps: { "aria-label": "Close dialog" } } },
    Drawer: { defaultProps: { closeButtonProps: { "aria-label": "Close menu" } } },
  },
  other: { maxContentWidth: 1200 },
});

/** The light/dark choice a visitor makes with the header's toggle, kept across visits; absent: the system's. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: "signalboard-color-scheme" });

/**
 * Colours the app's own surfaces read, one value per scheme, so no screen hard-codes white or grey:
 * `--sb-page-bg` behind the content, `--sb-surface` for bars, `--sb-border` for their rules, `--sb-toast-text` for a
 * toast's message. Dimmed text is one shade stronger than Mantine's default in both schemes, which fails WCAG AA
 * (gray-6 on white; dark-2 on dark-7 is 4.0:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": "var(--mantine-color-gray-7)",
    "--sb-page-bg": "var(--mantine-color-gray-0)",
    "--sb-surface": "var(--mantine-color-white)",
    "--sb-border": "var(--mantine-color-gray-3)",
    "--sb-toast-text": "var(--mantine-color-gray-8)",
  },
  dark: {
    "--mantine-color-dimmed": "var(--mantine-color-dark-1)",
    "--sb-page-bg": "var(--mantine-color-dark-8)",
    "--sb-surface": "var(--mantine-color-dark-7)",
    "--sb-border": "var(--mantine-color-dark-4)",
    "--sb-toast-text": "var(--mantine-color-dark-0)",
  },
});
