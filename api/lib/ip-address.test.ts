import { describe, expect, test } from "bun:test";
import { parseEnv } from "./config.ts";
import {
  forwardedHttps,
  normalizeAddress,
  parseTrustProxy,
  rateLimitSubject,
  resolveClientAddress,
} from "./ip-address.ts";

describe("client address behind proxies", () => {
  const chain = "6.6.6.6, 203.0.113.5, 10.0.0.2";

  test("no trust: the socket peer only, whatever the headers say", () => {
    expect(resolveClientAddress(false, { peer: "10.0.0.1", forwardedFor: chain })).toBe("10.0.0.1");
    expect(resolveClientAddress(0, { peer: "10.0.0.1", forwardedFor: chain })).toBe("10.0.0.1");
    expect(forwardedHttps(false, { peer: "10.0.0.1", forwardedProto: "https" })).toBe(false);
  });

  test("a hop count reads X-Forwarded-For from the right; true is one hop", () => {
    expect(resolveClientAddress(true, { peer: "10.0.0.1", forwardedFor: chain })).toBe("10.0.0.2");
    expect(resolveClientAddress(1, { peer: "10.0.0.1", forwardedFor: chain })).toBe("10.0.0.2");
    expect(resolveClientAddress(2, { peer: "10.0.0.1", forwardedFor: chain })).toBe("203.0.113.5");
    // Fewer entries than hops: the furthest one there is.
    expect(resolveClientAddress(5, { peer: "10.0.0.1", forwardedFor: "203.0.113.5" })).toBe("203.0.113.5");
    // No header: the peer.
    expect(resolveClientAddress(1, { peer: "10.0.0.1" })).toBe("10.0.0.1");
  });

  test("a list of proxies skips trusted entries from the right, and only when the peer is one of them", () => {
    const trust = parseTrustProxy("10.0.0.0/8, 2001:db8::1")!;
    expect(resolveClientAddress(trust, { peer: "10.0.0.1", forwardedFor: chain })).toBe("203.0.113.5");
    expect(resolveClientAddress(trust, { peer: "2001:db8::1", forwardedFor: "198.51.100.1" })).toBe(
      "198.51.100.1",
    );
    expect(resolveClientAddress(trust, { peer: "192.0.2.1", forwardedFor: chain })).toBe("192.0.2.1");
    expect(resolveClientAddress(trust, { peer: null, forwardedFor: chain })).toBeNull();
    // Every entry trusted: the leftmost.
    expect(resolveClientAddress(trust, { peer: "10.0.0.1", forwardedFor: "10.1.1.1, 10.0.0.3" })).toBe(
      "10.1.1.1",
    );
  });

  test("an entry that is not an IP address falls back to the socket peer", () => {
    for (const bad of ["<script>", "unknown", "127.1", "1.2.3.4.5", "example.com", ""]) {
      expect(resolveClientAddress(1, { peer: "10.0.0.1", forwardedFor: `203.0.113.5, ${bad}` })).toBe(
        bad === "" ? "203.0.113.5" : "10.0.0.1",
      );
    }
    expect(resolveClientAddress(1, { peer: "not-an-ip", forwardedFor: "garbage" })).toBeNull();
  });

  test("addresses are stored in canonical form", () => {
    expect(normalizeAddress("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(normalizeAddress("2001:DB8:0:0:0:0:0:1")).toBe("2001:db8::1");
    expect(normalizeAddress("[2001:db8::1]:443")).toBe("2001:db8::1");
    expect(normalizeAddress("203.0.113.9:8080")).toBe("203.0.113.9");
    expect(normalizeAddress("fe80::1%eth0")).toBe("fe80::1");
  });

  test("rate limits count IPv4 addresses singly and IPv6 addresses by /64", () => {
    expect(rateLimitSubject("203.0.113.9")).toBe("203.0.113.9");
    expect(rateLimitSubject("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(rateLimitSubject("2001:db8:1:2:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(rateLimitSubject("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
  });

  test("X-Forwarded-Proto counts only from trusted proxies", () => {
    expect(forwardedHttps(1, { peer: null, forwardedProto: "https" })).toBe(true);
    expect(forwardedHttps(1, { peer: null, forwardedProto: "http" })).toBe(false);
    const trust = parseTrustProxy("10.0.0.0/8")!;
    expect(forwardedHttps(trust, { peer: "10.0.0.1", forwardedProto: "https" })).toBe(true);
    expect(forwardedHttps(trust, { peer: "192.0.2.1", forwardedProto: "https" })).toBe(false);
  });

  test("TRUST_PROXY: booleans, hop counts, address lists; anything else stops the start", () => {
    expect(parseEnv({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(true);
    expect(parseEnv({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: "10.0.0.0/8, 127.0.0.1,::1" }).TRUST_PROXY).toEqual([
      "10.0.0.0/8",
      "127.0.0.1",
      "::1",
    ]);
    expect(() => parseEnv({ TRUST_PROXY: "10.0.0.0/33" })).toThrow("TRUST_PROXY");
    expect(() => parseEnv({ TRUST_PROXY: "proxy.internal" })).toThrow("TRUST_PROXY");
  });
});
