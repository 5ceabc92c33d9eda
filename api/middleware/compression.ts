import { createMiddleware } from "hono/factory";
import { acceptsGzip, COMPRESS_MIN_BYTES, gzip } from "../lib/kept-answer.ts";

const COMPRESSIBLE = /^(application\/(json|javascript|xml)|text\/|image\/svg)/i;

/**
 * gzip for clients that accept it, on what is worth it: text answers of 1 KB or more not encoded yet (kept answers
 * come pre-compressed). The whole answer is compressed in one go, not streamed: our answers are small enough, and
 * a streamed body costs more per request than the compression itself.
 */
export const compressAnswers = createMiddleware(async (c, next) => {
  await next();
  const res = c.res;
  if (c.req.method === "HEAD" || !res.body || res.headers.has("content-encoding")) return;
  if (!COMPRESSIBLE.test(res.headers.get("content-type") ?? "")) return;
  if (!acceptsGzip(c)) {
    c.header("vary", "accept-encoding", { append: true });
    return;
  }
  const headers = new Headers(res.headers);
  headers.append("vary", "accept-encoding");
  const bytes = new Uint8Array(await res.arrayBuffer());
  let body = bytes;
  if (bytes.byteLength >= COMPRESS_MIN_BYTES) {
    body = await gzip(bytes);
    headers.set("content-encoding", "gzip");
  }
  headers.delete("content-length");
  // Unset first: assigning over a response copies the old one's headers onto the new one.
  c.res = undefined;
  c.res = new Response(body, { status: res.status, statusText: res.statusText, headers });
});
