/** The masked preview of a key: its first 8 and last 4 characters, enough to tell two keys apart. */
export function maskKey(key: string): string {
  if (key.length <= 12) return "•".repeat(key.length);
  return `${key.slice(0, 8)}${"•".repeat(Math.min(24, key.length - 12))}${key.slice(-4)}`;
}
