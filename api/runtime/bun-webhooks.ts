import { lookup } from "node:dns/promises";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import {
  bareHost,
  isIpLiteral,
  isPublicAddress,
  PUBLIC_ADDRESS_ONLY,
  WebhookAddressRefused,
  type WebhookSender,
  webhookUrlProblem,
} from "../lib/webhooks.ts";

/** Every address a host name resolves to (the system resolver, so /etc/hosts counts too). */
export type HostResolver = (host: string) => Promise<string[]>;

const systemResolver: HostResolver = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

const familyOf = (address: string) => (address.includes(":") ? 6 : 4);

function withDeadline<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const abort = () => reject(signal.reason);
    if (signal.aborted) return abort();
    signal.addEventListener("abort", abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", abort));
  });
}

/**
 * Webhooks from a Bun process: the host is resolved once, refused when any of its addresses is not public, and the
 * connection is made to those checked addresses through `lookup`, so no second lookup can answer differently (DNS
 * rebinding). The URL's host still names the request (Host header, TLS server name and certificate check).
 * Decision 016.
 */
export function bunWebhookSender(resolve: HostResolver = systemResolver): WebhookSender {
  /** The addresses to connect to; throws WebhookAddressRefused when any is not public. */
  async function checkedAddresses(url: URL, allowPrivate: boolean, signal?: AbortSignal): Promise<string[]> {
    const host = bareHost(url);
    if (isIpLiteral(host)) return [host];
    const resolving = resolve(host);
    const addresses = signal ? await withDeadline(resolving, signal) : await resolving;
    if (!addresses.length) throw new Error(`${host} has no addresses`);
    if (!allowPrivate && !addresses.every(isPublicAddress)) throw new WebhookAddressRefused();
    return addresses;
  }

  return {
    async urlProblem(raw, allowPrivate) {
      const problem = webhookUrlProblem(raw, allowPrivate);
      if (problem || allowPrivate) return problem;
      try {
        await checkedAddresses(new URL(raw), allowPrivate);
        return null;
      } catch (error) {
        // A name that does not resolve now may later; each delivery checks again.
        return error instanceof WebhookAddressRefused ? PUBLIC_ADDRESS_ONLY : null;
      }
    },

    async post({ url: raw, headers, body, timeoutMs, allowPrivate }) {
      if (webhookUrlProblem(raw, allowPrivate)) throw new WebhookAddressRefused();
      const url = new URL(raw);
      const signal = AbortSignal.timeout(timeoutMs);
      const addresses = await checkedAddresses(url, allowPrivate, signal);
      const pinned: LookupFunction = (_host, options, callback) => {
        if (options.all) {
          callback(
            null,
            addresses.map((address) => ({ address, family: familyOf(address) })),
          );
        } else {
          callback(null, addresses[0]!, familyOf(addresses[0]!));
        }
      };
      const payload = new TextEncoder().encode(body);
      return new Promise<number>((done, fail) => {
        const send = url.protocol === "https:" ? httpsRequest : httpRequest;
        const req = send(
          {
            hostname: bareHost(url),
            port: url.port || undefined,
            path: `${url.pathname}${url.search}`,
            method: "POST",
            headers: { ...headers, "content-length": String(payload.byteLength) },
            lookup: pinned,
            signal,
          },
          (res) => {
            res.resume();
            done(res.statusCode ?? 0);
          },
        );
        req.on("error", fail);
        req.end(payload);
      });
    },
  };
}
