// Which addresses an alert webhook may reach, how it is sent and signed: docs/decisions/016-webhook-address-checks.md.
import ipaddr from "ipaddr.js";

/** The only text a user sees about a refused delivery (never the socket error: it would map internal ports). */
export const ADDRESS_NOT_ALLOWED = "Webhook address not allowed";
/** The only text a user sees about a delivery that failed before a receiver answered. */
export const DELIVERY_FAILED = "Delivery failed";
/** The save-time answer for a host that is (or resolves to) a non-public address. */
export const PUBLIC_ADDRESS_ONLY = "Webhook URL must be a public address, not a loopback or private one.";

/** The host is, or resolves to, an address webhooks may not reach; nothing was sent. */
export class WebhookAddressRefused extends Error {
  constructor() {
    super(ADDRESS_NOT_ALLOWED);
    this.name = "WebhookAddressRefused";
  }
}

export interface WebhookPost {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  /** ALLOW_PRIVATE_WEBHOOKS: skip the address checks (local testing only). */
  allowPrivate: boolean;
}

/**
 * Sends alert webhooks for the runtime. The Bun server resolves the host, checks every address and connects to a
 * checked one; the Worker, which has no DNS API, refuses non-public literal hosts and relies on Cloudflare's fetch
 * not reaching private networks.
 */
export interface WebhookSender {
  /** At save time: why the URL may not receive webhooks, resolving its host where the runtime can; else null. */
  urlProblem(url: string, allowPrivate: boolean): Promise<string | null>;
  /** POSTs the body and answers the receiver's status; throws WebhookAddressRefused before connecting. */
  post(request: WebhookPost): Promise<number>;
}

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR("2000::/3");
const WELL_KNOWN_NAT64 = ipaddr.parseCIDR("64:ff9b::/96");

function lastFourBytes(address: ipaddr.IPv6): string {
  return ipaddr.fromByteArray(address.toByteArray().slice(12)).toString();
}

/**
 * True for an address a webhook may be sent to: public unicast IPv4, global unicast IPv6, or an IPv4-mapped,
 * IPv4-translated or well-known-prefix NAT64 form of a public IPv4 address. Loopback, private, link-local, shared
 * (100.64.0.0/10), benchmarking (198.18.0.0/15), documentation, unspecified, multicast, broadcast and reserved
 * ranges are not, nor is anything that does not parse as a plain address.
 */
export function isPublicAddress(text: string): boolean {
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return ipaddr.IPv4.parse(text).range() === "unicast";
  if (!ipaddr.IPv6.isValid(text)) return false;
  const address = ipaddr.IPv6.parse(text);
  switch (address.range()) {
    case "unicast":
      return address.match(GLOBAL_UNICAST_V6);
    case "ipv4Mapped":
    case "rfc6145":
      return isPublicAddress(lastFourBytes(address));
    case "rfc6052":
      // The local-use prefix 64:ff9b:1::/48 leads to the operator's own translator: refused.
      return address.match(WELL_KNOWN_NAT64) && isPublicAddress(lastFourBytes(address));
    default:
      return false;
  }
}

/** The URL's host without IPv6 brackets or a trailing dot, lower-cased. */
export function bareHost(url: URL): string {
  return url.hostname
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/\.+$/, "")
    .toLowerCase();
}

/** True when the host is an IP address literal (after the URL parser normalised 0x7f.1 and the like). */
export function isIpLiteral(host: string): boolean {
  return ipaddr.IPv4.isValidFourPartDecimal(host) || ipaddr.IPv6.isValid(host);
}

/**
 * A reason the URL cannot receive webhooks without resolving it, or null: not http(s), credentials, a literal
 * address that is not public, `localhost` and its subdomains (RFC 6761, with or without a trailing dot) and
 * single-label names (resolved through search domains to internal hosts).
 */
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
  if (allowPrivate) return null;
  const host = bareHost(url);
  if (isIpLiteral(host)) return isPublicAddress(host) ? null : PUBLIC_ADDRESS_ONLY;
  if (host === "localhost" || host.endsWith(".localhost") || !host.includes(".")) return PUBLIC_ADDRESS_ONLY;
  return null;
}

/**
 * The sender for runtimes without a DNS API (Cloudflare Workers): the static checks above, then fetch. A name that
 * resolves to a private address is not caught here; Workers' fetch cannot reach private networks (decision 016).
 */
export function fetchWebhookSender(): WebhookSender {
  return {
    urlProblem: async (url, allowPrivate) => webhookUrlProblem(url, allowPrivate),
    async post({ url, headers, body, timeoutMs, allowPrivate }) {
      if (webhookUrlProblem(url, allowPrivate)) throw new WebhookAddressRefused();
      const res = await fetch(url, {
        method: "POST",
        headers,
        body,
        redirect: "manual",
        signal: AbortSignal.timeout(timeoutMs),
      });
      await res.body?.cancel();
      return res.status;
    },
  };
}

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
