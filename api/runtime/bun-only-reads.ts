// The Worker's stand-in for db/file-reads.ts and db/server-reads.ts (scripts/build-worker.ts, decision 168): reads
// on an embedded file's own connection, and on libSQL streams kept open between requests, are the Bun server's.
// api/worker.ts refuses `file:` URLs and opens its database with `keptReadStreams: false`, so createDb never calls
// these there; leaving the real ones out spares every isolate compiling them.
function bunOnly(): never {
  throw new Error("The Worker's build has no file or kept-stream reads (decision 168).");
}

export const withFileReads = bunOnly;
export const filePath = bunOnly;
export const withServerReads = bunOnly;
