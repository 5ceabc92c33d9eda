export interface LoadResult {
  requests: number;
  failures: number;
  perSecond: number;
  p50: number;
  p99: number;
  /** What the first failed request answered (status and the start of its body, or the error). */
  firstFailure?: string;
  /** Every answered request's latency (ms), sorted. */
  latencies: number[];
  /** How much the `meter` given to runLoad rose over the measured window (0 without one). */
  metered: number;
  /**
   * CPU ms (user and system) this process, the load generator, used over the measured window: with one runLoad at
   * a time, what sending the requests and reading their answers cost the client.
   */
  clientCpuMs: number;
}

/**
 * A closed-loop load generator: `concurrency` loops each send one request, read the whole answer, and send the
 * next, for `durationMs` after `warmupMs` unmeasured. Latency is per request, from send to the last byte. `meter`,
 * a running total (the server's CPU time), is read as the measured window opens and closes.
 */
export async function runLoad(
  send: () => Promise<Response>,
  {
    concurrency = 16,
    durationMs = 5_000,
    warmupMs = 1_000,
    meter = () => 0,
    bytes = false,
  }: {
    concurrency?: number;
    durationMs?: number;
    warmupMs?: number;
    meter?: () => number;
    /** Read each answer as bytes, not text: an answer the client left gzipped is not text. */
    bytes?: boolean;
  } = {},
): Promise<LoadResult> {
  const latencies: number[] = [];
  let failures = 0;
  let firstFailure: string | undefined;
  let measuring = false;
  let running = true;
  const loop = async () => {
    while (running) {
      const t0 = performance.now();
      let failure: string | undefined;
      try {
        const res = await send();
        if (bytes) await res.arrayBuffer();
        const body = bytes ? "" : await res.text();
        if (!res.ok) failure = `${res.status} ${body.slice(0, 160)}`;
      } catch (error) {
        failure = String(error);
      }
      if (!measuring) continue;
      if (failure === undefined) latencies.push(performance.now() - t0);
      else {
        failures++;
        firstFailure ??= failure;
      }
    }
  };
  const loops = Array.from({ length: concurrency }, loop);
  await Bun.sleep(warmupMs);
  measuring = true;
  const started = performance.now();
  const meteredFrom = meter();
  const clientFrom = process.cpuUsage();
  await Bun.sleep(durationMs);
  measuring = false;
  const client = process.cpuUsage(clientFrom);
  const metered = meter() - meteredFrom;
  const elapsed = performance.now() - started;
  running = false;
  await Promise.all(loops);
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return {
    requests: latencies.length,
    failures,
    perSecond: (latencies.length / elapsed) * 1000,
    p50: at(0.5),
    p99: at(0.99),
    firstFailure,
    latencies,
    metered,
    clientCpuMs: (client.user + client.system) / 1000,
  };
}
