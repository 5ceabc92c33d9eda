import ipaddr from "ipaddr.js";

/**
 * TRUST_PROXY: how many reverse proxies of ours stand in front of the app (`true` = 1, `false` = 0), or the
 * addresses and CIDR ranges they have. Decision note 018.
 */
export type TrustProxy = boolean | number | readonly string[];

type Address = ipaddr.IPv4 | ipaddr.IPv6;

const IPV4_WITH_PORT = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/;
const BRACKETED_IPV6 = /^\[([^\]]+)\](?::\d{1,5})?$/;

/**
 * Parses one IP address as a proxy header or a runtime writes it: plain, `1.2.3.4:port` or `[v6]:port`.
 * IPv4-mapped IPv6 becomes IPv4 and a zone id is dropped; anything else (`127.1`, names, garbage) is null.
 */
function parseAddress(value: string | null | undefined): Address | null {
  if (!value) return null;
  let text = value.trim();
  text = BRACKETED_IPV6.exec(text)?.[1] ?? IPV4_WITH_PORT.exec(text)?.[1] ?? text;
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return ipaddr.IPv4.parse(text);
  if (!ipaddr.IPv6.isValid(text)) return null;
  const v6 = ipaddr.IPv6.parse(text);
  return v6.isIPv4MappedAddress() ? v6.toIPv4Address() : new ipaddr.IPv6(v6.parts);
}

const format = (address: Address) =>
  address.kind() === "ipv4" ? address.toString() : (address as ipaddr.IPv6).toRFC5952String();

/** The canonical text of an IP address (RFC 5952 for IPv6), or null when `value` is not one. */
export function normalizeAddress(value: string | null | undefined): string | null {
  const address = parseAddress(value);
  return address ? format(address) : null;
}

/**
 * What a per-address limit counts: an IPv4 address, or the /64 an IPv6 address is in (one subscriber usually
 * holds a whole /64, so counting single IPv6 addresses would give each client 2^64 limits).
 */
export function rateLimitSubject(address: string): string {
  const parsed = parseAddress(address);
  if (!parsed) return address;
  if (parsed.kind() === "ipv4") return format(parsed);
  const prefix = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...prefix, 0, 0, 0, 0]).toRFC5952String()}/64`;
}

function parseRange(entry: string): [Address, number] | null {
  if (entry.includes("/")) {
    if (!ipaddr.isValidCIDR(entry)) return null;
    const [address, bits] = ipaddr.parseCIDR(entry);
    return [address, bits];
  }
  const address = parseAddress(entry);
  return address ? [address, address.kind() === "ipv4" ? 32 : 128] : null;
}

/** Parses TRUST_PROXY: true/false (and yes/no, on/off), a hop count, or a comma list of addresses/CIDRs. */
export function parseTrustProxy(value: string): TrustProxy | null {
  const text = value.trim().toLowerCase();
  if (["true", "yes", "on"].includes(text)) return true;
  if (["false", "no", "off"].includes(text)) return false;
  if (/^\d{1,2}$/.test(text)) return Number(text);
  const entries = text
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean);
  if (!entries.length || entries.some((e) => !parseRange(e))) return null;
  return entries;
}

const compiled = new WeakMap<readonly string[], Array<[Address, number]>>();
function trustedRanges(list: readonly string[]) {
  let ranges = compiled.get(list);
  if (!ranges) {
    ranges = list.map(parseRange).filter((r): r is [Address, number] => r !== null);
    compiled.set(list, ranges);
  }
  return ranges;
}

function isTrusted(list: readonly string[], value: string | undefined): boolean {
  const address = parseAddress(value);
  if (!address) return false;
  return trustedRanges(list).some(
    ([range, bits]) => range.kind() === address.kind() && address.match(range, bits),
  );
}

/** How many hops from the right of the forwarding chain were made by our own proxies. */
function trustedHops(trust: TrustProxy, peer: string | null, forwarded: string[]): number {
  if (typeof trust === "boolean") return trust ? 1 : 0;
  if (typeof trust === "number") return trust;
  // A list: the peer must be one of our proxies; then every entry it vouches for that is one of ours too.
  if (!peer || !isTrusted(trust, peer)) return 0;
  let hops = 1;
  while (hops < forwarded.length && isTrusted(trust, forwarded[forwarded.length - hops])) hops++;
  return hops;
}

const listOf = (header: string | null | undefined) =>
  (header ?? "")
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean);

export interface ForwardedRequest {
  /** The socket peer's address as the runtime reports it; null when unknown. */
  peer: string | null;
  forwardedFor?: string | null;
  forwardedProto?: string | null;
}

/**
 * The client's address: read X-Forwarded-For from the right, skipping the hops our own proxies added (a client can
 * write any entries to the left of those). When that entry is not an IP address, or nothing is trusted, the socket
 * peer's address. Always canonical text or null.
 */
export function resolveClientAddress(trust: TrustProxy, request: ForwardedRequest): string | null {
  const peer = normalizeAddress(request.peer);
  const forwarded = listOf(request.forwardedFor);
  const hops = trustedHops(trust, peer, forwarded);
  if (hops === 0 || forwarded.length === 0) return peer;
  return normalizeAddress(forwarded[Math.max(0, forwarded.length - hops)]) ?? peer;
}

/** Whether a trusted proxy says the client reached it over https (X-Forwarded-Proto, read like the address). */
export function forwardedHttps(trust: TrustProxy, request: ForwardedRequest): boolean {
  const hops = trustedHops(trust, normalizeAddress(request.peer), listOf(request.forwardedFor));
  const protos = listOf(request.forwardedProto);
  if (hops === 0 || protos.length === 0) return false;
  return protos[Math.max(0, protos.length - hops)]?.toLowerCase() === "https";
}
