import type { Client, InArgs, InStatement, ResultSet } from "@libsql/client";
import * as hrana from "@libsql/hrana-client";
import { isDatabaseUnavailable } from "./unavailable.ts";

/** A stream idle this long is not used again: sqld forgets an idle stream after 10 s (its baton then fails). */
export const STREAM_IDLE_MS = 5_000;
/** Streams kept between reads, at most (sqld holds a connection for each). */
const MAX_IDLE_STREAMS = 64;

interface Idle {
  stream: hrana.HttpStream;
  since: number;
}

/** The HTTP endpoint a libSQL URL names, as @libsql/client reads it; undefined for WebSocket URLs. */
function httpUrl(url: string): URL | undefined {
  const parsed = new URL(url);
  const tls = parsed.searchParams.get("tls");
  parsed.search = "";
  if (parsed.protocol === "libsql:") parsed.protocol = tls === "0" ? "http:" : "https:";
  return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed : undefined;
}

function toStmt(statement: InStatement, args?: InArgs): hrana.Stmt {
  const [sql, values] =
    typeof statement === "string"
      ? [statement, args]
      : Array.isArray(statement)
        ? (statement as unknown as [string, InArgs?])
        : [statement.sql, statement.args];
  const stmt = new hrana.Stmt(sql);
  if (Array.isArray(values)) stmt.bindIndexes(values);
  else if (values) for (const [name, value] of Object.entries(values)) stmt.bindName(name, value);
  return stmt;
}

function resultSet(rows: hrana.RowsResult): ResultSet {
  const columns = rows.columnNames.map((c) => c ?? "");
  const columnTypes = rows.columnDecltypes.map((c) => c ?? "");
  const set = {
    columns,
    columnTypes,
    rows: rows.rows as unknown as ResultSet["rows"],
    rowsAffected: rows.affectedRowCount,
    lastInsertRowid: rows.lastInsertRowid,
    toJSON: () => ({ columns, columnTypes, rows: rows.rows, rowsAffected: rows.affectedRowCount }),
  };
  return set as ResultSet;
}

const isRead = (statement: InStatement) =>
  /^\s*select\b/i.test(
    typeof statement === "string"
      ? statement
      : Array.isArray(statement)
        ? String(statement[0])
        : statement.sql,
  );

/**
 * @libsql/client opens a stream on the server for every statement and closes it after: on sqld that is a new SQLite
 * connection each time, about 0.7 ms of the server's CPU, more than the read itself (docs/performance.md). This
 * client keeps streams open between reads and hands each to one read at a time (a stream's baton serves one
 * request after another; never shared, so on Workers no request waits on another's I/O). A kept stream runs
 * without a transaction, so each read sees every commit made before it (revocation stays immediate). Reads only
 * (`select`): writes, batches and transactions take the client's own path with its error mapping. A read on a kept
 * stream that fails (an expired stream, a failed query) is sent again the client's own way, which reports the error
 * as it always has; an unreachable server fails it at once.
 */
export function keptStreamReads(
  client: Client,
  url: string,
  authToken: string | undefined,
  fetch: unknown,
  { idleMs = STREAM_IDLE_MS } = {},
): Client {
  const endpoint = httpUrl(url);
  if (!endpoint) return client;
  const server = hrana.openHttp(endpoint, authToken, fetch);
  const idle: Idle[] = [];

  const take = (): hrana.HttpStream => {
    const now = Date.now();
    for (let kept = idle.pop(); kept; kept = idle.pop()) {
      // Not closed with a request of its own: the server lets it expire.
      if (now - kept.since < idleMs) return kept.stream;
    }
    const stream = server.openStream();
    stream.intMode = "number";
    return stream;
  };

  const own = (statement: InStatement, args?: InArgs) =>
    args === undefined ? client.execute(statement) : client.execute(statement as string, args);

  let closed = false;
  const close = () => {
    closed = true;
    idle.length = 0;
    server.close();
    client.close();
  };

  const read = async (statement: InStatement, args?: InArgs): Promise<ResultSet> => {
    // A closed client answers as @libsql/client's does.
    if (closed) return own(statement, args);
    const stream = take();
    let rows: hrana.RowsResult;
    try {
      rows = await stream.query(toStmt(statement, args));
    } catch (error) {
      // An unreachable server fails at once, within one deadline; anything else (an expired stream) goes again.
      if (isDatabaseUnavailable(error)) throw error;
      return own(statement, args);
    }
    if (idle.length < MAX_IDLE_STREAMS) idle.push({ stream, since: Date.now() });
    return resultSet(rows);
  };

  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === "execute")
        return (statement: InStatement, args?: InArgs) =>
          isRead(statement) ? read(statement, args) : own(statement, args);
      if (property === "close") return close;
      const value = Reflect.get(target, property, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
