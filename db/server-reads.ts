import type { Client, InArgs, InStatement, ResultSet } from "@libsql/client";
import { type HttpStream, openHttp, type RowsResult, Stmt } from "@libsql/hrana-client";
import { executeOn, overriding, readsOnly } from "./client-calls.ts";
import { isDatabaseUnavailable } from "./unavailable.ts";

/**
 * Streams open at most, as many statements as @libsql/client sends at once by default: a read never waits behind
 * another's pipeline while there is room (4 streams halved the analyze bench's rate, its reads queued behind each
 * other's), and an idle stream is closed, so the sign-in reads, one batch at a time, keep one or two.
 */
export const READ_STREAMS_KEPT = 20;
/** sqld forgets a stream left idle 10 s; one idle this long is closed and a new one opened instead. */
export const READ_STREAM_IDLE_MS = 5_000;

interface KeptStream {
  stream: HttpStream;
  /** Reads sent on it and not yet answered. */
  pending: number;
  /** When its last read was answered (performance.now()). */
  idleSince: number;
}

/**
 * A libSQL server's plain reads on streams kept open (decision 164). @libsql/client opens a stream for each
 * statement, and sqld opens a SQLite connection for each stream: about 1.2 ms of sqld's CPU a statement with this
 * app's schema, against 0.3 ms on a stream kept open (0.14 ms when reads are pipelined). Here each SELECT goes on
 * an idle kept stream, or a new one while fewer than READ_STREAMS_KEPT are open (else the least busy), opened through @libsql/hrana-client's public API (the client
 * @libsql/client itself runs on), with the same deadline (`fetch`). A statement outside a transaction reads the last
 * commit whoever made it, on a kept stream as on a fresh one: nothing is kept but the connection.
 *
 * Everything else (writes, batches, transactions, migrations) is the client's own. A read whose stream failed
 * (expired, or sqld restarted) or that failed itself is sent again the client's way, which then answers or fails
 * as it always did; one the server did not answer in time fails at once (one deadline, not two).
 */
export function withServerReads(
  client: Client,
  url: string,
  authToken: string | undefined,
  fetch: (request: Request) => Promise<Response>,
): Client {
  const hrana = openHttp(url.replace(/^libsql:/, "https:"), authToken, fetch);
  hrana.intMode = "number";
  let kept: KeptStream[] = [];
  let closed = false;

  /** The least busy usable stream; a new one when every kept one is busy and there is room, or none is left. */
  const pick = (now: number): KeptStream => {
    kept = kept.filter((k) => {
      const usable = !k.stream.closed && (k.pending > 0 || now - k.idleSince < READ_STREAM_IDLE_MS);
      if (!usable && !k.stream.closed) k.stream.close();
      return usable;
    });
    let best = kept[0];
    for (const k of kept) if (best && k.pending < best.pending) best = k;
    if (!best || (best.pending > 0 && kept.length < READ_STREAMS_KEPT)) {
      best = { stream: hrana.openStream(), pending: 0, idleSince: now };
      kept.push(best);
    }
    return best;
  };

  const read = async (stmt: InStatement | string, args?: InArgs): Promise<ResultSet> => {
    const chosen = pick(performance.now());
    chosen.pending++;
    try {
      return resultSet(await chosen.stream.query(hranaStatement(stmt, args)));
    } catch (error) {
      if (closed || isDatabaseUnavailable(error)) throw error;
      return executeOn(client, stmt, args);
    } finally {
      chosen.pending--;
      chosen.idleSince = performance.now();
    }
  };

  return overriding(client, {
    execute: (stmt: InStatement | string, args?: InArgs) =>
      !closed && readsOnly(stmt) ? read(stmt, args) : executeOn(client, stmt, args),
    close: () => {
      closed = true;
      for (const k of kept) k.stream.close();
      kept = [];
      hrana.close();
      client.close();
    },
  });
}

/** The statement as @libsql/client hands it to hrana: positional or named arguments. */
function hranaStatement(stmt: InStatement | string, args?: InArgs): Stmt {
  const sql = typeof stmt === "string" ? stmt : stmt.sql;
  const values = typeof stmt === "string" ? args : stmt.args;
  const hranaStmt = new Stmt(sql);
  if (Array.isArray(values)) hranaStmt.bindIndexes(values);
  else if (values) for (const [name, value] of Object.entries(values)) hranaStmt.bindName(name, value);
  return hranaStmt;
}

/** hrana's rows as @libsql/client answers them (the same row objects). */
function resultSet(rows: RowsResult): ResultSet {
  const columns = rows.columnNames.map((c) => c ?? "");
  const columnTypes = rows.columnDecltypes.map((c) => c ?? "");
  return {
    columns,
    columnTypes,
    rows: rows.rows,
    rowsAffected: rows.affectedRowCount,
    lastInsertRowid: rows.lastInsertRowid,
    toJSON: () => ({
      columns,
      columnTypes,
      rows: rows.rows.map((row) => Array.from(row)),
      rowsAffected: rows.affectedRowCount,
      lastInsertRowid: rows.lastInsertRowid === undefined ? null : String(rows.lastInsertRowid),
    }),
  };
}
