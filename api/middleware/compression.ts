import type { Context } from "hono";
import { acceptsGzip, COMPRESS_MIN_BYTES, gzip } from "../lib/kept-answer.ts";

const COMPRESSIBLE = /^(application\/(json|javascript|xml)|text\/|image\/svg)/i;

/**
 * gzip for clients that accept it, on what is worth it: text answers of 1 KB or more not encoded yet (kept answers
 * come pre-compressed). The whole answer is compressed in one go, not streamed: our answers are small enough, and
 * a streamed body costs more per request than the compression itself.
 */
export async function compressAnswer(c: Context): Promise<void> {
  const res = c.res;
  if (c.req.method === "HEAD" || !res.body || res.headers.has("content-encoding")) return;
  if (!COMPRESSIBLE.test(res.headers.get("content-type") ?? "")) return;
  // The app's own answers have mutable headers; appending here avoids copying the response for a header. A kept
  // answer already says it (kept-answer.ts).
  if (!/accept-encoding/i.test(res.headers.get("vary") ?? "")) res.headers.append("vary", "accept-encoding");
  if (!acceptsGzip(c)) return;
  const bytes = new Uint8Array(await res.arrayBuffer());
  // Unset first: assigning over a response copies the old one's headers onto the new one.
  c.res = undefined;
  if (bytes.byteLength < COMPRESS_MIN_BYTES) {
    c.res = new Response(bytes, res);
    return;
  }
  res.headers.set("content-encoding", "gzip");
  res.headers.delete("content-length");
  c.res = new Response(await gzip(bytes), res);
}
