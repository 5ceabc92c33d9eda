import type { Client, InArgs, InStatement, ResultSet } from "@libsql/client";
import * as hrana from "@libsql/hrana-client";
import { isDatabaseUnavailable } from "./unavailable.ts";

/** A stream idle this long is not used again: sqld forgets an idle stream after 10 s (its baton then fails). */
export const STREAM_IDLE_MS = 5_000;
/**
 * Streams this client keeps open, in use or idle, at most: sqld holds a connection for each and refuses more than
 * 128 at once (HTTP 429), so several processes on one server must leave room for every write's own stream.
 */
export const MAX_KEPT_STREAMS = 32;

interface Idle {
  stream: hrana.HttpStream;
  since: number;
}

/** The SQL text and arguments of a statement in any of the forms `execute` takes. */
function parts(statement: InStatement, args?: InArgs): [string, InArgs | undefined] {
  if (typeof statement === "string") return [statement, args];
  if (Array.isArray(statement)) return statement as unknown as [string, InArgs | undefined];
  return [statement.sql, statement.args];
}

function toStmt(statement: InStatement, args?: InArgs): hrana.Stmt {
  const [sql, values] = parts(statement, args);
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

const isRead = (statement: InStatement) => /^\s*select\b/i.test(parts(statement)[0]);

/**
 * @libsql/client opens a stream on the server for every statement and closes it after: on sqld that is a new SQLite
 * connection each time, about 0.7 ms of the server's CPU, more than the read itself (docs/performance.md). This
 * client keeps up to MAX_KEPT_STREAMS streams open between reads and hands each to one read at a time (a stream's
 * baton serves one request after another; never shared, so on Workers no request waits on another's I/O); a read
 * that finds them all busy goes the client's own way. A kept stream runs without a transaction, so each read sees every commit made before it (revocation stays immediate). Reads only
 * (`select`): writes, batches and transactions take the client's own path with its error mapping. A read on a kept
 * stream that fails (an expired stream, a failed query) is sent again the client's own way, which reports the error
 * as it always has; an unreachable server fails it at once.
 */
export function keptStreamReads(
  client: Client,
  url: string,
  authToken: string | undefined,
  fetch: unknown,
  { idleMs = STREAM_IDLE_MS, maxStreams = MAX_KEPT_STREAMS } = {},
): Client {
  // The HTTP endpoint as @libsql/client reads the URL (libsql:, http:, https:); none for a WebSocket URL.
  const endpoint = hrana.parseLibsqlUrl(url).hranaHttpUrl;
  if (!endpoint) return client;
  const server = hrana.openHttp(endpoint, authToken, fetch);
  const idle: Idle[] = [];
  /** Kept streams alive, in use or idle. */
  let open = 0;

  /** An idle stream, or a new one while fewer than `maxStreams` are open; none when all are busy. */
  const take = (): hrana.HttpStream | undefined => {
    const now = Date.now();
    for (let kept = idle.pop(); kept; kept = idle.pop()) {
      if (now - kept.since < idleMs) return kept.stream;
      // Not closed with a request of its own: the server lets it expire.
      open--;
    }
    if (open >= maxStreams) return undefined;
    open++;
    const stream = server.openStream();
    stream.intMode = "number";
    return stream;
  };

  const own = (statement: InStatement, args?: InArgs) =>
    args === undefined ? client.execute(statement) : client.execute(statement as string, args);

  let closed = false;
  const close = () => {
    closed = true;
    // Each idle stream's connection is given back to the server (a close request); in-use ones end with their read.
    for (const kept of idle.splice(0)) kept.stream.closeGracefully();
    open = 0;
    client.close();
  };

  const read = async (statement: InStatement, args?: InArgs): Promise<ResultSet> => {
    // A closed client answers as @libsql/client's does.
    const stream = closed ? undefined : take();
    // All kept streams busy (or the client closed, which then answers as @libsql/client's does): the own way.
    if (!stream) return own(statement, args);
    let rows: hrana.RowsResult;
    try {
      rows = await stream.query(toStmt(statement, args));
    } catch (error) {
      open--;
      // An unreachable server fails at once, within one deadline; anything else (an expired stream) goes again.
      if (isDatabaseUnavailable(error)) throw error;
      return own(statement, args);
    }
    idle.push({ stream, since: Date.now() });
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
