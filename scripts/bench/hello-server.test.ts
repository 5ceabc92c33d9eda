import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { COMPRESS_MIN_BYTES } from "../../api/lib/kept-answer.ts";
import { startBunServer } from "../../api/test/bun-server.ts";

const dir = mkdtempSync(join(tmpdir(), "hello-server-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The bare server's answer as it goes on the wire: the bench compares the app with it byte for byte. */
async function sent(env: Record<string, string>) {
  const server = await startBunServer(env, "scripts/bench/hello-server.ts");
  try {
    const res = await fetch(server.url, { decompress: false, headers: { "accept-encoding": "gzip" } });
    return { encoding: res.headers.get("content-encoding"), bytes: new Uint8Array(await res.arrayBuffer()) };
  } finally {
    await server.stop();
  }
}

test("the bare hello says hello", async () => {
  const { encoding, bytes } = await sent({});
  expect(encoding).toBeNull();
  expect(new TextDecoder().decode(bytes)).toBe("hello");
});

test("an answer of COMPRESS_MIN_BYTES or more goes out gzipped, as the app sends it; a smaller one as it is", async () => {
  const big = JSON.stringify(Array.from({ length: 200 }, (_, id) => ({ id, symbol: "AAPL" })));
  expect(big.length).toBeGreaterThanOrEqual(COMPRESS_MIN_BYTES);
  writeFileSync(join(dir, "big.json"), big);
  const zipped = await sent({ ANSWER_FILE: join(dir, "big.json") });
  expect(zipped.encoding).toBe("gzip");
  expect(new TextDecoder().decode(Bun.gunzipSync(zipped.bytes))).toBe(big);

  const small = JSON.stringify({ id: 1, email: "a@example.com" });
  writeFileSync(join(dir, "small.json"), small);
  const plain = await sent({ ANSWER_FILE: join(dir, "small.json") });
  expect(plain.encoding).toBeNull();
  expect(new TextDecoder().decode(plain.bytes)).toBe(small);
});
