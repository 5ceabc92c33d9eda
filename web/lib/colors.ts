/** A green dark enough for WCAG AA on white (Mantine's darkest green, #2b8a3e, is 4.4:1). */
export const POSITIVE = "#1e7b34";
export const NEGATIVE = "red.9";
