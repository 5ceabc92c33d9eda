import { argon2id, argon2Verify } from "hash-wasm";
import type { PasswordHasher } from "../lib/passwords.ts";

/**
 * argon2id in WebAssembly for runtimes without Bun.password (Cloudflare Workers). Same parameters and the same
 * PHC strings as the Bun hasher, so an account registered on one runtime signs in on the other.
 */
export const wasmPasswordHasher: PasswordHasher = {
  hash: (password) =>
    argon2id({
      password,
      salt: crypto.getRandomValues(new Uint8Array(16)),
      parallelism: 1,
      iterations: 2,
      memorySize: 19456,
      hashLength: 32,
      outputType: "encoded",
    }),
  verify: async (password, phc) => {
    try {
      return await argon2Verify({ password, hash: phc });
    } catch {
      return false;
    }
  },
};
