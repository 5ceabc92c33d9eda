// The bare baseline of the serving benchmark: Bun.serve answering "hello", nothing else. With ANSWER_FILE, the
// same bare server answers that file's bytes, gzipped as our server sends them (the cost of the answer's size alone).
import { readFileSync } from "node:fs";

const file = process.env.ANSWER_FILE;
const body = file ? Bun.gzipSync(readFileSync(file)) : "hello";
const headers: Record<string, string> = file
  ? { "content-type": "application/json", "content-encoding": "gzip" }
  : {};
const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response(body, { headers }) });
console.log(`hello listening on http://localhost:${server.port}`);
