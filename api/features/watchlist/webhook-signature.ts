const encoder = new TextEncoder();

/** `sha256=<hex>` HMAC of `${timestamp}.${body}` under the user's webhook secret (Web Crypto: Bun and Workers). */
export async function signWebhook(secret: string, timestamp: string, body: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    encoder.encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = await crypto.subtle.sign("HMAC", key, encoder.encode(`${timestamp}.${body}`));
  return `sha256=${Array.from(new Uint8Array(mac), (b) => b.toString(16).padStart(2, "0")).join("")}`;
}

const PRIVATE_HOST =
  /^(localhost|.*\.localhost|127\.\d+\.\d+\.\d+|10\.\d+\.\d+\.\d+|192\.168\.\d+\.\d+|172\.(1[6-9]|2\d|3[01])\.\d+\.\d+|169\.254\.\d+\.\d+|0\.0\.0\.0|\[?::1?\]?|\[?f[cd][0-9a-f]*:.*\]?|\[?fe80:.*\]?)$/i;

/** A reason the URL cannot receive webhooks, or null when it can. */
export function webhookUrlProblem(raw: string, allowPrivate: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "Webhook URL is not a valid URL.";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    return "Webhook URL must start with https:// or http://.";
  if (url.username || url.password) return "Webhook URL must not contain credentials.";
  if (!allowPrivate && PRIVATE_HOST.test(url.hostname)) {
    return "Webhook URL must be a public address, not a loopback or private one.";
  }
  return null;
}
