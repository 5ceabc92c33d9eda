import type { Context, TypedResponse } from "hono";
import { getRuntimeKey } from "hono/adapter";
import type { JSONParsed } from "hono/utils/types";
import { PUBLIC_MAX_AGE } from "../middleware/private-answers.ts";
import { enterWorkBudget } from "../middleware/rate-limit.ts";
import { type DataVersions, type DependsOn, readDataVersions, stampOn, UNVERSIONED } from "./answer-cache.ts";
import type { AppDeps, AuthState } from "./context.ts";
import { randomToken, sha256Hex } from "./crypto.ts";

/** Answers smaller than this go out as they are: compressing them would not pay. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * Whether this runtime's answers are gzipped by the app: on Bun yes; on Workers Cloudflare compresses at the edge
 * (and would encode twice). Asked once: hono's getRuntimeKey reads the user agent and walks a table each time.
 */
export const APP_COMPRESSES = getRuntimeKey() !== "workerd";

export function acceptsGzip(c: Context): boolean {
  return /\bgzip\b/i.test(c.req.header("accept-encoding") ?? "");
}

/**
 * Bun's own zlib where it runs (the only runtime the app compresses on): for a 2 KB answer a fifth of a
 * CompressionStream's time (10 against 47 µs), without the stream, its chunks and their promises.
 */
const bunZlib = (globalThis as { Bun?: { gzipSync(data: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> } })
  .Bun;

export async function gzip(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  if (bunZlib) return bunZlib.gzipSync(bytes);
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** What a route computes for a kept answer: its JSON body and the headers sent with it (X-Total-Count, Link). */
export interface Answer<T> {
  body: T;
  headers?: Record<string, string>;
}

/**
 * A value an answer is built from that changes less often than the answer (the scored calls, beside a live
 * market's prices, which are never kept): kept in a slot of its own, computed only when the answer is.
 */
export interface KeptPart<P> {
  slot: string;
  dependsOn: readonly DependsOn[];
  /** "" when the part is one for every answer of the route. */
  key?: string;
  keep?: number;
  compute: () => Promise<P>;
}

/** A kept GET answer, as its route describes it to `keptAnswer`. */
export interface KeptRead<T, P> {
  /** The slot the answers are kept in. */
  slot: string;
  /** What the answer is a function of besides its key (answer-cache.ts: DependsOn). */
  dependsOn: readonly DependsOn[];
  /** What else tells one answer from another (filters, page, the user and their lists version); "" by default. */
  key?: string;
  /** How many answers the slot keeps per stamp (DEFAULT_KEYS_PER_SLOT by default). */
  keep?: number;
  /** Computing the answer takes a place in the caller's work budget (decisions 089, 095, 124, 144). */
  budgeted?: boolean;
  /**
   * The answer is the same for every caller, signed in or not (a public read, decision 144): its ETag names no user
   * and, to a caller without a credential, any cache may keep it (`PUBLIC_MAX_AGE`).
   */
  shared?: boolean;
  part?: KeptPart<P>;
  compute: (part: P) => Promise<Answer<T>>;
}

/** An answer serialized once, with its gzip made on first need: serving it again costs neither. */
interface KeptJson {
  readonly bytes: Uint8Array<ArrayBuffer>;
  readonly headers: Record<string, string> | undefined;
  zipped?: Promise<Uint8Array<ArrayBuffer>>;
}

/** A documented 304 (notModifiedResponse): zod-openapi types an answer without content as `TypedResponse<{}>`. */
// biome-ignore lint/complexity/noBannedTypes: the type zod-openapi gives it
type NotModified = Response & TypedResponse<{}, 304, string>;
type KeptResponse<T> = Response & TypedResponse<JSONParsed<T>, 200, "json">;

/** New with each process (or isolate): a new version of the app may shape the same data differently. */
let processEpoch: string | undefined;

const encoder = new TextEncoder();

/**
 * The one way a route answers a kept read (decision 124), in this order:
 * 1. the stamp of what the answer depends on, once, from the versions the sign-in read brought (or read here);
 * 2. its ETag (decision 088): a digest of the stamp, the path, `key`, the signed-in user (none for a `shared`
 *    read) and this process's epoch;
 *    a 304 when If-None-Match names it, before anything is computed (no tag where nothing is kept: a live
 *    market's prices);
 * 3. the answer kept under the stamp, or, on a miss, a place in the caller's work budget when the read is
 *    `budgeted` (a refusal is thrown here, so nothing refused is kept or shared), then its part and its body,
 *    computed once for concurrent requests and kept serialized;
 * 4. the bytes, gzipped when the client accepts it (on Bun), with the answer's headers.
 */
export async function keptAnswer<T, P = undefined>(
  // Any route's context: it reads only the deps and the sign-in state every /api request has.
  c: Context,
  read: KeptRead<T, P>,
): Promise<KeptResponse<T> | NotModified> {
  // c.get, not c.var: Hono builds a new object of every variable for each c.var.
  const deps: AppDeps = c.get("deps");
  const auth: AuthState | null = c.get("auth");
  const versions = auth?.versions ?? (await readDataVersions(deps.database.db));
  const stamp = stampOn(versions, deps.market, read.dependsOn);
  const key = read.key ?? "";
  if (stamp !== UNVERSIONED) {
    processEpoch ??= randomToken(12);
    const user = read.shared ? "" : (auth?.user.id ?? "");
    const digest = await sha256Hex([processEpoch, c.req.path, key, stamp, user].join("\n"));
    const etag = `W/"${digest.slice(0, 32)}"`;
    c.header("ETag", etag);
    c.header("Cache-Control", read.shared ? PUBLIC_MAX_AGE : "private");
    if (namesTag(c.req.header("if-none-match"), etag)) return c.body(null, 304) as unknown as NotModified;
  }
  let answer = deps.cache.find<KeptJson>(read.slot, stamp, key);
  if (!answer) {
    // The budget's refusal is thrown here, before the cache is handed the computation: it is never kept or shared.
    const place = read.budgeted ? enterWorkBudget(c) : undefined;
    answer = deps.cache.get(read.slot, stamp, key, () => computeAnswer(deps, versions, read), read.keep);
    try {
      await answer;
    } finally {
      place?.release();
    }
  }
  return send(c, await answer) as Promise<KeptResponse<T>>;
}

async function computeAnswer<T, P>(deps: AppDeps, versions: DataVersions, read: KeptRead<T, P>) {
  const part = read.part ? await keptUnder(deps, versions, read.part) : (undefined as P);
  const { body, headers } = await read.compute(part);
  const kept: KeptJson = { bytes: encoder.encode(JSON.stringify(body)) as Uint8Array<ArrayBuffer>, headers };
  return kept;
}

function keptUnder<P>({ cache, market }: AppDeps, versions: DataVersions, part: KeptPart<P>): Promise<P> {
  return cache.get(
    part.slot,
    stampOn(versions, market, part.dependsOn),
    part.key ?? "",
    part.compute,
    part.keep,
  );
}

/** Sends a kept answer as `c.json(body, 200)` would, gzipped when accepted. */
async function send(c: Context, kept: KeptJson): Promise<Response> {
  if (kept.headers) for (const name in kept.headers) c.header(name, kept.headers[name]);
  c.header("content-type", "application/json");
  if (APP_COMPRESSES) {
    c.header("vary", "accept-encoding", { append: true });
    if (kept.bytes.byteLength >= COMPRESS_MIN_BYTES && acceptsGzip(c)) {
      c.header("content-encoding", "gzip");
      kept.zipped ??= gzip(kept.bytes);
      return c.body(await kept.zipped, 200);
    }
  }
  return c.body(kept.bytes, 200);
}

/** Whether an If-None-Match header names `etag`, by weak comparison (RFC 9110, 13.1.2). */
function namesTag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => {
    const trimmed = tag.trim();
    return trimmed === "*" || trimmed.replace(/^W\//, "") === opaque;
  });
}

/**
 * A value that is not an answer of its own (an analysis's figures, a decrypted API key), computed once per stamp of
 * what it depends on and kept in the app's one cache.
 */
export async function keptValue<T>(
  c: Context,
  slot: string,
  dependsOn: readonly DependsOn[],
  key: string,
  compute: () => Promise<T>,
  keep?: number,
): Promise<T> {
  const { cache, database, market }: AppDeps = c.get("deps");
  const auth: AuthState | null = c.get("auth");
  const versions = auth?.versions ?? (await readDataVersions(database.db));
  return cache.get(slot, stampOn(versions, market, dependsOn), key, compute, keep);
}

/**
 * A store that keeps values by key in one slot under this request's stamp of `dependsOn`, for a computation that
 * finds out inside which keys it needs (the engine: a date's scored universe).
 */
export function keptStore(
  c: Context,
  slot: string,
  dependsOn: readonly DependsOn[],
  keep: number,
): <T>(key: string, compute: () => Promise<T>) => Promise<T> {
  return (key, compute) => keptValue(c, slot, dependsOn, key, compute, keep);
}
