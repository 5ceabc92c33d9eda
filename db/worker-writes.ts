import type { Client, InArgs, InStatement, Transaction, TransactionMode } from "@libsql/client";
import { executeOn, overriding, pause, readsOnly } from "./client-calls.ts";
import { isDatabaseBusy } from "./unavailable.ts";
import { endsWith } from "./write-turns.ts";

/** Writes one isolate's client has in flight to a libSQL server at once, at most (decision 093). */
export const WORKER_WRITES_IN_FLIGHT = 4;
/** How long a Worker's write waits for a slot before it goes anyway (ms; decision 093 measured 2 s too short). */
export const WORKER_WRITE_WAIT_MS = 5_000;
/** How often a write waiting for a free slot looks again (ms), on a timer of its own request. */
const WRITE_SLOT_POLL_MS = 1;
/** The first pause before a busy write is sent again; each next one doubles, up to BUSY_RETRY_MAX_PAUSE_MS. */
const BUSY_RETRY_FIRST_PAUSE_MS = 10;
const BUSY_RETRY_MAX_PAUSE_MS = 250;

/**
 * The Worker's client to a libSQL server, whose writes cannot take turns (a request may not wait on a promise
 * another request settles: workerd cancels it, decision 075). Instead:
 * - at most `inFlight` writes (statements other than SELECT, batches, write transactions until they end) are sent
 *   at once; reads never wait. 64 requests writing at once left sqld's connections waiting on its one write lock
 *   past the 5 s deadline (decision 093). A write beyond them looks again every millisecond on its own request's
 *   timer, and goes anyway once `waitMs` has passed;
 * - a write or batch outside a transaction that the server refuses SQLITE_BUSY (its write lock stayed taken past its
 *   own wait) frees its slot and is sent again after growing, jittered pauses, until `deadlineMs` after the first
 *   attempt; then the busy error goes on (503). A statement refused busy changed nothing (decision 089). Reads
 *   refused busy are sent again the same way, without a slot.
 */
export function workerWrites(client: Client, inFlight: number, waitMs: number, deadlineMs: number): Client {
  let sent = 0;
  const slot = async () => {
    const giveUpAt = performance.now() + waitMs;
    while (sent >= inFlight && performance.now() < giveUpAt) await pause(WRITE_SLOT_POLL_MS);
    sent++;
    let released = false;
    return () => {
      if (!released) sent--;
      released = true;
    };
  };
  /** `call`, sent again while the server refuses it busy; a write holds a slot for each attempt. */
  const persistent = async <T>(call: () => Promise<T>, writes: boolean): Promise<T> => {
    const giveUpAt = Date.now() + deadlineMs;
    for (let wait = BUSY_RETRY_FIRST_PAUSE_MS; ; wait = Math.min(wait * 2, BUSY_RETRY_MAX_PAUSE_MS)) {
      const release = writes ? await slot() : () => {};
      let refused: unknown;
      try {
        return await call();
      } catch (error) {
        refused = error;
      } finally {
        release();
      }
      const jittered = wait / 2 + Math.random() * wait;
      if (!isDatabaseBusy(refused) || Date.now() + jittered >= giveUpAt) throw refused;
      await pause(jittered);
    }
  };
  return overriding(client, {
    execute: (stmt: InStatement | string, args?: InArgs) =>
      persistent(() => executeOn(client, stmt, args), !readsOnly(stmt)),
    batch: ((stmts, mode) =>
      persistent(() => client.batch(stmts, mode), mode !== "read")) satisfies Client["batch"],
    transaction: async (mode?: TransactionMode): Promise<Transaction> => {
      if (mode === "read") return client.transaction(mode);
      const release = await slot();
      try {
        return endsWith(await client.transaction(mode), (call) => call(), release);
      } catch (error) {
        release();
        throw error;
      }
    },
  });
}
