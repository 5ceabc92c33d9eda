// The Worker's stand-in for @libsql/client's WebSocket transport (scripts/build-worker.ts, decision 167). A Worker
// reaches the database over HTTP: @libsql/client's web build maps `libsql:` URLs to `https:`, so only a `ws:` or
// `wss:` URL would open a WebSocket, and api/worker.ts refuses those at start. Leaving the transport out spares every
// isolate compiling it.
export function _createClient(): never {
  throw new Error("The Worker's build has no WebSocket transport for libSQL (decision 167).");
}
