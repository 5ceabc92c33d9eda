// Preloaded into the Bun server (`bun --preload scripts/bench/heap-probe.ts api/server.ts`) by memory.ts: on
// SIGUSR2 it writes what holds its memory to HEAP_PROBE_OUT (JSON): JS heap size and capacity before and after a
// full GC, the most numerous object types, and process.memoryUsage(); with HEAP_PROBE_SNAPSHOT=1 also a heap
// snapshot beside it, to open in Safari's or Chrome's memory tools.
import { heapStats } from "bun:jsc";

const out = process.env.HEAP_PROBE_OUT;
if (out) {
  process.on("SIGUSR2", async () => {
    const mb = (n: number) => Math.round((n / 1024 / 1024) * 10) / 10;
    const before = heapStats();
    const usageBefore = process.memoryUsage();
    Bun.gc(true);
    const after = heapStats();
    const usage = process.memoryUsage();
    const top = Object.entries(after.objectTypeCounts)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 15);
    if (process.env.HEAP_PROBE_SNAPSHOT === "1") {
      await Bun.write(`${out}.heapsnapshot`, JSON.stringify(Bun.generateHeapSnapshot()));
    }
    await Bun.write(
      out,
      JSON.stringify({
        heapMbBeforeGc: mb(before.heapSize),
        heapCapacityMbBeforeGc: mb(before.heapCapacity),
        heapMbAfterGc: mb(after.heapSize),
        heapCapacityMbAfterGc: mb(after.heapCapacity),
        extraMemoryMb: mb(after.extraMemorySize),
        rssMbBeforeGc: mb(usageBefore.rss),
        rssMbAfterGc: mb(usage.rss),
        arrayBuffersMb: mb(usage.arrayBuffers),
        externalMb: mb(usage.external),
        objectCount: after.objectCount,
        topObjectTypes: top,
      }),
    );
  });
}
