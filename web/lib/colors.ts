/** A green dark enough for WCAG AA on white (Mantine's darkest green, #2b8a3e, is 4.4:1). */
export const POSITIVE = "#1e7b34";

/**
 * Text colours for gains and losses that keep AA contrast in both colour schemes (the dark greens and reds above
 * are for filled backgrounds and light pages; on a dark page they fall under 3:1).
 */
export const GAIN_TEXT = "light-dark(#1e7b34, var(--mantine-color-green-4))";
export const LOSS_TEXT = "light-dark(var(--mantine-color-red-9), var(--mantine-color-red-4))";
/** The text of a quiet destructive button (a row's Delete): the loss red, AA on a light or dark surface. */
export const DANGER_TEXT = LOSS_TEXT;
/** Strong text on a light badge, readable in both schemes. */
export const BADGE_TEXT = "var(--mantine-color-text)";
