// The bare baseline of the serving benchmark: Bun.serve answering "hello", nothing else. With ANSWER_FILE, the
// same bare server answers that file's bytes as our server sends them: gzipped from COMPRESS_MIN_BYTES on (the cost
// of the answer's size alone).
import { readFileSync } from "node:fs";
import { COMPRESS_MIN_BYTES } from "../../api/lib/kept-answer.ts";

const file = process.env.ANSWER_FILE;
const answer = file ? readFileSync(file) : undefined;
const zipped = answer !== undefined && answer.byteLength >= COMPRESS_MIN_BYTES;
const body = answer ? (zipped ? Bun.gzipSync(answer) : answer) : "hello";
const headers: Record<string, string> = {
  ...(answer && { "content-type": "application/json" }),
  ...(zipped && { "content-encoding": "gzip" }),
};
const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response(body, { headers }) });
console.log(`hello listening on http://localhost:${server.port}`);
