import { describe, expect, test } from "bun:test";
import { bunPasswordHasher } from "./bun-deps.ts";
import { portablePasswordHasher } from "./portable-passwords.ts";

describe("password hashes are portable between Bun and Workers", () => {
  test("both write argon2id PHC strings with the same parameters", async () => {
    for (const hasher of [bunPasswordHasher, portablePasswordHasher]) {
      expect(await hasher.hash("s3cret pass")).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    }
  });

  test("each verifies the other's hashes and refuses wrong passwords", async () => {
    const fromBun = await bunPasswordHasher.hash("s3cret pass");
    const fromWasm = await portablePasswordHasher.hash("s3cret pass");
    expect(await portablePasswordHasher.verify("s3cret pass", fromBun)).toBe(true);
    expect(await bunPasswordHasher.verify("s3cret pass", fromWasm)).toBe(true);
    expect(await portablePasswordHasher.verify("wrong", fromBun)).toBe(false);
    expect(await bunPasswordHasher.verify("wrong", fromWasm)).toBe(false);
    expect(await portablePasswordHasher.verify("s3cret pass", "not-a-hash")).toBe(false);
  });
});
