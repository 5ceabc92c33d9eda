import { describe, expect, test } from "bun:test";
import { bunPasswordHasher } from "./bun-deps.ts";
import { wasmPasswordHasher } from "./wasm-passwords.ts";

describe("password hashes are portable between Bun and Workers", () => {
  test("both write argon2id PHC strings with the same parameters", async () => {
    for (const hasher of [bunPasswordHasher, wasmPasswordHasher]) {
      expect(await hasher.hash("s3cret pass")).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    }
  });

  test("each verifies the other's hashes and refuses wrong passwords", async () => {
    const fromBun = await bunPasswordHasher.hash("s3cret pass");
    const fromWasm = await wasmPasswordHasher.hash("s3cret pass");
    expect(await wasmPasswordHasher.verify("s3cret pass", fromBun)).toBe(true);
    expect(await bunPasswordHasher.verify("s3cret pass", fromWasm)).toBe(true);
    expect(await wasmPasswordHasher.verify("wrong", fromBun)).toBe(false);
    expect(await bunPasswordHasher.verify("wrong", fromWasm)).toBe(false);
    expect(await wasmPasswordHasher.verify("s3cret pass", "not-a-hash")).toBe(false);
  });
});
