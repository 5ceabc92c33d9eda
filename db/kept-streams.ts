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
/**
 * Without shared writes (the Worker): row writes this client has in flight at once, at most. Each goes on a
 * connection of its own, and many connections writing at once wait on each other for SQLite's write lock inside the
 * server until none gets through (decision 064).
 */
export const MAX_WRITES_IN_FLIGHT = 4;
/** How long a write waits for its turn before it goes anyway (ms). */
export const WRITE_TURN_WAIT_MS = 2_000;

/** A stream kept on the server: the baton that continues it and the pipeline URL its next request goes to. */
interface KeptStream {
  baton: string | null;
  url: string;
}

interface Idle {
  stream: KeptStream;
  since: number;
}

/** How the kept streams send a request: `fetch`'s own signature (a URL and its init). */
export type KeptFetch = (url: string, init: RequestInit) => Promise<Response>;

/** The SQL text and arguments of a statement in any of the forms `execute` takes. */
function parts(statement: InStatement, args?: InArgs): [string, InArgs | undefined] {
  if (typeof statement === "string") return [statement, args];
  if (Array.isArray(statement)) return statement as unknown as [string, InArgs | undefined];
  return [statement.sql, statement.args];
}

/** Hrana's JSON value (what @libsql/hrana-client sends for each JS type); undefined for one it would encode otherwise. */
type HranaValue =
  | { type: "null" }
  | { type: "integer"; value: string }
  | { type: "float"; value: number }
  | { type: "text"; value: string }
  | { type: "blob"; base64: string };

function hranaValue(value: unknown): HranaValue | undefined {
  if (value === null) return { type: "null" };
  if (typeof value === "string") return { type: "text", value };
  // JS numbers go as floats, as @libsql/hrana-client sends them (SQLite compares 1.0 = 1).
  if (typeof value === "number") return Number.isFinite(value) ? { type: "float", value } : undefined;
  if (typeof value === "boolean") return { type: "integer", value: value ? "1" : "0" };
  if (typeof value === "bigint") {
    return value >= MIN_INTEGER && value <= MAX_INTEGER ? { type: "integer", value: `${value}` } : undefined;
  }
  if (value instanceof Date) return { type: "float", value: +value.valueOf() };
  return undefined;
}
const MIN_INTEGER = -9223372036854775808n;
const MAX_INTEGER = 9223372036854775807n;

/**
 * The statement as Hrana's JSON `stmt` with positional arguments, or undefined for one the kept path leaves to the
 * client (named arguments, blobs, values the client would refuse): those are sent the client's own way.
 */
function hranaStmt(statement: InStatement, args?: InArgs): object | undefined {
  const [sql, values] = parts(statement, args);
  if (values !== undefined && !Array.isArray(values)) return undefined;
  const encoded: HranaValue[] = [];
  for (const value of values ?? []) {
    const v = hranaValue(value);
    if (!v) return undefined;
    encoded.push(v);
  }
  return { sql, args: encoded, want_rows: true };
}

/** A value of a row as @libsql/hrana-client decodes it with intMode "number". */
function fromHrana(value: HranaValue): unknown {
  switch (value.type) {
    case "null":
      return null;
    case "text":
    case "float":
      return value.value;
    case "integer": {
      const n = Number(value.value);
      if (!Number.isSafeInteger(n)) {
        throw new RangeError(
          "Received integer which is too large to be safely represented as a JavaScript number",
        );
      }
      return n;
    }
    case "blob":
      return Uint8Array.from(atob(value.base64), (c) => c.charCodeAt(0)).buffer;
    default:
      throw new Error("Unexpected type of Hrana value");
  }
}

/**
 * A row as @libsql/hrana-client builds it: the values at their indexes and `length` (neither enumerable), each
 * column's name as an enumerable property (the first of two columns with the same name wins).
 */
function row(columns: string[], values: HranaValue[]): ResultSet["rows"][number] {
  const out: Record<string | number, unknown> = {};
  Object.defineProperty(out, "length", { value: values.length });
  for (let i = 0; i < values.length; i++) {
    const value = fromHrana(values[i]!);
    Object.defineProperty(out, i, { value });
    const name = columns[i];
    if (name === undefined || Object.hasOwn(out, name)) continue;
    // A plain assignment makes the same property as the library's defineProperty, but for "__proto__".
    if (name === "__proto__") {
      Object.defineProperty(out, name, { value, enumerable: true, configurable: true, writable: true });
    } else out[name] = value;
  }
  return out as unknown as ResultSet["rows"][number];
}

interface HranaExecuteResult {
  cols: Array<{ name: string | null; decltype: string | null }>;
  rows: HranaValue[][];
  affected_row_count: number;
  last_insert_rowid: string | null;
}

function resultSet(result: HranaExecuteResult): ResultSet {
  const columns = result.cols.map((c) => c.name ?? "");
  const columnTypes = result.cols.map((c) => c.decltype ?? "");
  const rows = result.rows.map((values) => row(columns, values));
  const rowsAffected = result.affected_row_count;
  const set = {
    columns,
    columnTypes,
    rows,
    rowsAffected,
    lastInsertRowid: result.last_insert_rowid == null ? undefined : BigInt(result.last_insert_rowid),
    toJSON: () => ({ columns, columnTypes, rows, rowsAffected }),
  };
  return set as ResultSet;
}

const isRead = (statement: InStatement) => /^\s*select\b/i.test(parts(statement)[0]);
/** A row write that commits by itself (autocommit): what the shared writer stream may carry. */
const isRowWrite = (statement: InStatement) =>
  /^\s*(insert|update|delete|replace)\b/i.test(parts(statement)[0]);

/** The server refused a pipeline as a whole (an expired baton, a bad request): none of its statements ran. */
class PipelineRefused extends Error {}

interface QueuedWrite {
  stmt: object;
  statement: InStatement;
  args?: InArgs;
  resolve(rows: ResultSet): void;
  reject(error: unknown): void;
}

/**
 * @libsql/client opens a stream on the server for every statement and closes it after: on sqld that is a new SQLite
 * connection each time, about 0.7 ms of the server's CPU, more than the read itself (docs/performance.md). This
 * client keeps up to MAX_KEPT_STREAMS streams open between reads and hands each to one read at a time (a stream's
 * baton serves one request after another; never shared, so on Workers no request waits on another's I/O); a read
 * that finds them all busy goes the client's own way. A kept stream runs without a transaction, so each read sees
 * every commit made before it (revocation stays immediate). A read on a kept stream that fails (an expired stream,
 * a failed query) is sent again the client's own way, which reports the error as it always has; an unreachable
 * server fails it at once.
 *
 * With `sharedWrites`, row writes (insert, update, delete, replace; each its own autocommit transaction) go on one
 * more kept stream, in order: those that arrive while a pipeline is out go together in the next (decision 064).
 * Writes from many connections wait on each other for SQLite's write lock inside the server; one stream has none
 * to wait for (measured on sqld: 685 upserts/s on a new stream each, 6,600/s on one shared stream). A write the
 * server answers with an error, or a pipeline it refuses as a whole (none of it ran), is sent again the client's
 * own way, so errors read as they always have; one whose answer never came (unreachable, the deadline) fails with
 * that error, since it may have run. Not on Workers: a request there may not wait on another request's I/O. There,
 * row writes take turns instead: at most MAX_WRITES_IN_FLIGHT at once, a write beyond them looking again each
 * millisecond on a timer of its own request (a promise another request settled would leave it hung).
 * Batches, transactions and other statements take the client's own path.
 */
export function keptStreams(
  client: Client,
  url: string,
  authToken: string | undefined,
  fetch: KeptFetch,
  {
    idleMs = STREAM_IDLE_MS,
    maxStreams = MAX_KEPT_STREAMS,
    sharedWrites = false,
    maxWritesInFlight = MAX_WRITES_IN_FLIGHT,
    writeTurnWaitMs = WRITE_TURN_WAIT_MS,
  } = {},
): Client {
  // The HTTP endpoint as @libsql/client reads the URL (libsql:, http:, https:); none for a WebSocket URL.
  const endpoint = hrana.parseLibsqlUrl(url).hranaHttpUrl;
  if (!endpoint) return client;
  // Hrana 2's JSON pipeline, which every libSQL server answers: one POST per read, the baton carrying the stream.
  // Sent with fetch itself rather than @libsql/hrana-client's stream: on Workers its queue, protobuf coding and
  // Request objects cost more of the isolate's CPU than the read (docs/performance.md, decision 062).
  const pipelineUrl = (base: string) => new URL("v2/pipeline", base).toString();
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (authToken !== undefined) headers.authorization = `Bearer ${authToken}`;
  const firstUrl = pipelineUrl(endpoint.toString());
  const idle: Idle[] = [];
  /** Kept streams alive, in use or idle. */
  let open = 0;

  /** An idle stream, or a new one while fewer than `maxStreams` are open; none when all are busy. */
  const take = (): KeptStream | undefined => {
    const now = Date.now();
    for (let kept = idle.pop(); kept; kept = idle.pop()) {
      if (now - kept.since < idleMs) return kept.stream;
      // Not closed with a request of its own: the server lets it expire.
      open--;
    }
    if (open >= maxStreams) return undefined;
    open++;
    // Opened on the server by its first request (sent without a baton).
    return { baton: null, url: firstUrl };
  };

  /** One pipeline request on a stream; its baton and URL move on to what the server answered. */
  const send = async (stream: KeptStream, requests: object[]) => {
    const response = await fetch(stream.url, {
      method: "POST",
      headers,
      body: JSON.stringify({ baton: stream.baton, requests }),
    });
    if (!response.ok)
      throw new PipelineRefused(`libSQL server answered HTTP ${response.status}: ${await response.text()}`);
    const body = (await response.json()) as {
      baton: string | null;
      base_url: string | null;
      results: Array<
        { type: "ok"; response: { type: string; result: HranaExecuteResult } } | { type: "error" }
      >;
    };
    stream.baton = body.baton;
    if (body.base_url) stream.url = pipelineUrl(body.base_url);
    return body.results;
  };

  const query = async (stream: KeptStream, stmt: object): Promise<ResultSet> => {
    const [result] = await send(stream, [{ type: "execute", stmt }]);
    if (result?.type !== "ok" || result.response.type !== "execute") throw new Error("The kept read failed");
    return resultSet(result.response.result);
  };

  const own = (statement: InStatement, args?: InArgs) =>
    args === undefined ? client.execute(statement) : client.execute(statement as string, args);

  let closed = false;
  const close = () => {
    closed = true;
    // Each idle stream's connection is given back to the server (a close request); in-use ones end with their read
    // (the writer's, while its pipeline is out, once it answers).
    const idleWriter = writer ? [writer] : [];
    writer = null;
    for (const kept of [...idle.splice(0), ...idleWriter]) {
      if (kept.stream.baton !== null) send(kept.stream, [{ type: "close" }]).catch(() => {});
    }
    open = 0;
    client.close();
  };

  /** The shared writer stream while idle, and the writes waiting for it. */
  let writer: Idle | null = null;
  let writing = false;
  let queued: QueuedWrite[] = [];

  const sendOwnWay = (write: QueuedWrite) =>
    own(write.statement, write.args).then(write.resolve, write.reject);

  /** Sends every queued write in one pipeline on the writer stream, then the ones that queued meanwhile. */
  const pump = async () => {
    if (writing || !queued.length) return;
    writing = true;
    const batch = queued;
    queued = [];
    const fresh = !writer || Date.now() - writer.since >= idleMs;
    const stream = fresh ? { baton: null, url: firstUrl } : writer!.stream;
    writer = null;
    try {
      if (closed) throw new PipelineRefused("closed");
      const results = await send(
        stream,
        batch.map((w) => ({ type: "execute", stmt: w.stmt })),
      );
      // Closed while the pipeline was out: its connection is given back now, as close() gives back the idle ones.
      if (stream.baton !== null && closed) send(stream, [{ type: "close" }]).catch(() => {});
      else if (stream.baton !== null) writer = { stream, since: Date.now() };
      for (const [i, write] of batch.entries()) {
        const result = results[i];
        if (result?.type !== "ok" || result.response.type !== "execute") {
          void sendOwnWay(write);
          continue;
        }
        try {
          write.resolve(resultSet(result.response.result));
        } catch (error) {
          write.reject(error);
        }
      }
    } catch (error) {
      // Refused as a whole: nothing ran, so each goes again. No answer at all: each may have run, so none does.
      for (const write of batch) {
        if (error instanceof PipelineRefused) void sendOwnWay(write);
        else write.reject(error);
      }
    } finally {
      writing = false;
      void pump();
    }
  };

  const write = (statement: InStatement, args?: InArgs): Promise<ResultSet> => {
    const stmt = hranaStmt(statement, args);
    if (closed || !stmt) return own(statement, args);
    return new Promise((resolve, reject) => {
      queued.push({ stmt, statement, args, resolve, reject });
      void pump();
    });
  };

  const read = async (statement: InStatement, args?: InArgs): Promise<ResultSet> => {
    const stmt = hranaStmt(statement, args);
    // A closed client answers as @libsql/client's does; a statement the kept path does not encode goes its way.
    const stream = closed || !stmt ? undefined : take();
    // All kept streams busy (or the client closed, which then answers as @libsql/client's does): the own way.
    if (!stream || !stmt) return own(statement, args);
    let rows: ResultSet;
    try {
      rows = await query(stream, stmt);
    } catch (error) {
      open--;
      // An unreachable server fails at once, within one deadline; anything else (an expired stream) goes again.
      if (isDatabaseUnavailable(error)) throw error;
      return own(statement, args);
    }
    // A stream the server ended (no baton back) is not kept.
    if (stream.baton === null) open--;
    else idle.push({ stream, since: Date.now() });
    return rows;
  };

  /** Row writes in flight on their own connections (without sharedWrites). */
  let ownWrites = 0;
  const writeInTurn = async (statement: InStatement, args?: InArgs): Promise<ResultSet> => {
    const since = Date.now();
    while (ownWrites >= maxWritesInFlight && Date.now() - since < writeTurnWaitMs) {
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    ownWrites++;
    try {
      return await own(statement, args);
    } finally {
      ownWrites--;
    }
  };

  const execute = (statement: InStatement, args?: InArgs) => {
    if (isRead(statement)) return read(statement, args);
    if (!isRowWrite(statement)) return own(statement, args);
    return sharedWrites ? write(statement, args) : writeInTurn(statement, args);
  };
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === "execute") return execute;
      if (property === "close") return close;
      const value = Reflect.get(target, property, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
