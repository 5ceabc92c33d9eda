/** Dots between the shown ends: a fixed count, so the field on a phone fits the whole mask and the key's length stays
 * unsaid. */
const HIDDEN_DOTS = 8;

/** The masked preview of a key or secret: its first 8 and last 4 characters, enough to tell two apart. */
export function maskKey(key: string): string {
  if (key.length <= 12) return "•".repeat(key.length);
  return `${key.slice(0, 8)}${"•".repeat(HIDDEN_DOTS)}${key.slice(-4)}`;
}
