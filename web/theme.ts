import { type CSSVariablesResolver, createTheme } from "@mantine/core";

export const theme = createTheme({
  primaryColor: "indigo",
  // Shade 7 keeps white text on filled buttons above WCAG AA contrast (shade 6 is 4.3:1).
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: "md",
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: "700" },
  other: { maxContentWidth: 1200 },
});

/** Dimmed text one shade darker than Mantine's default, which fails WCAG AA contrast on white. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { "--mantine-color-dimmed": "var(--mantine-color-gray-7)" },
  dark: {},
});
