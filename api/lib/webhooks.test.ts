import { describe, expect, test } from "bun:test";
import { isPublicAddress, PUBLIC_ADDRESS_ONLY, webhookUrlProblem } from "./webhooks.ts";

describe("which addresses a webhook may reach", () => {
  test("public IPv4 and global IPv6, also inside IPv4-mapped and well-known NAT64 forms", () => {
    for (const address of [
      "8.8.8.8",
      "93.184.215.14",
      "2606:4700::1111",
      "::ffff:8.8.8.8",
      "64:ff9b::808:808",
    ]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  test("loopback, private, link-local, shared, benchmarking, unspecified, multicast, reserved and their v6 forms", () => {
    for (const address of [
      "127.0.0.1",
      "127.255.255.254",
      "0.0.0.0",
      "0.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "100.127.255.254",
      "198.18.0.1",
      "198.19.255.254",
      "192.0.2.1",
      "224.0.0.1",
      "240.0.0.1",
      "255.255.255.255",
      "::",
      "::1",
      "::ffff:127.0.0.1",
      "::ffff:10.0.0.1",
      "::ffff:0:7f00:1",
      "64:ff9b::7f00:1",
      "64:ff9b::a9fe:a9fe",
      "64:ff9b:1::808:808",
      "::7f00:1",
      "fe80::1",
      "fe80::1%eth0",
      "fc00::1",
      "fd12:3456::1",
      "ff02::1",
      "2001:db8::1",
      "2002:7f00:1::1",
      "2001:0:4136:e378::1",
      "0x7f.1",
      "2130706433",
      "not an address",
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  test("URLs: literal hosts as the URL parser normalises them, localhost names with a trailing dot, one-label names", () => {
    for (const url of [
      "http://[::ffff:127.0.0.1]:8080/",
      "http://0x7f.1/",
      "http://2130706433/",
      "http://localhost./",
      "http://Foo.LocalHost./",
      "http://intranet/",
      "http://0.0.0.1/",
      "http://[64:ff9b::7f00:1]/",
    ]) {
      expect(webhookUrlProblem(url, false), url).toBe(PUBLIC_ADDRESS_ONLY);
      expect(webhookUrlProblem(url, true), url).toBeNull();
    }
    expect(webhookUrlProblem("https://hooks.example.com/x", false)).toBeNull();
    expect(webhookUrlProblem("http://[::ffff:8.8.8.8]/", false)).toBeNull();
  });
});
