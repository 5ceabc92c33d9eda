import type { Context, TypedResponse } from "hono";
import { getRuntimeKey } from "hono/adapter";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { JSONParsed } from "hono/utils/types";

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

/**
 * A JSON answer serialized once, with its gzip made on first need, to keep beside derived data: serving it again
 * costs neither JSON.stringify (a few hundred µs for a list of prices) nor compression.
 */
export interface KeptJson<T> {
  readonly bytes: Uint8Array<ArrayBuffer>;
  gzipped(): Promise<Uint8Array<ArrayBuffer>>;
  /** Carries the answer's type to the route (never set). */
  readonly type?: T;
}

export function keepJson<T>(value: T): KeptJson<T> {
  const bytes = new TextEncoder().encode(JSON.stringify(value)) as Uint8Array<ArrayBuffer>;
  let zipped: Promise<Uint8Array<ArrayBuffer>> | undefined;
  return {
    bytes,
    gzipped() {
      zipped ??= gzip(bytes);
      return zipped;
    },
  };
}

/** Sends a kept answer as `c.json(value, status)` would, typed the same for the RPC client, gzipped when accepted. */
export async function sendKept<T, S extends ContentfulStatusCode>(
  c: Context,
  kept: KeptJson<T>,
  status: S,
): Promise<Response & TypedResponse<JSONParsed<T>, S, "json">> {
  c.header("content-type", "application/json");
  if (APP_COMPRESSES) {
    c.header("vary", "accept-encoding", { append: true });
    if (kept.bytes.byteLength >= COMPRESS_MIN_BYTES && acceptsGzip(c)) {
      c.header("content-encoding", "gzip");
      return c.body(await kept.gzipped(), status) as unknown as Response &
        TypedResponse<JSONParsed<T>, S, "json">;
    }
  }
  return c.body(kept.bytes, status) as unknown as Response & TypedResponse<JSONParsed<T>, S, "json">;
}
