import { argon2idAsync } from "@noble/hashes/argon2.js";
import type { PasswordHasher } from "../lib/passwords.ts";

// The same parameters as Bun's hasher (OWASP's argon2id baseline), so the PHC strings are interchangeable.
const PARAMS = { m: 19456, t: 2, p: 1 } as const;
const HASH_BYTES = 32;

const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/=+$/, "");
const unb64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/**
 * argon2id in plain JavaScript (@noble/hashes) for runtimes without Bun.password: Cloudflare Workers forbid
 * compiling WebAssembly at run time, which rules out the embedded-WASM libraries. About 300 ms of CPU a hash.
 */
export const portablePasswordHasher: PasswordHasher = {
  async hash(password) {
    const salt = crypto.getRandomValues(new Uint8Array(16));
    const hash = await argon2idAsync(password, salt, { ...PARAMS, dkLen: HASH_BYTES });
    return `$argon2id$v=19$m=${PARAMS.m},t=${PARAMS.t},p=${PARAMS.p}$${b64(salt)}$${b64(hash)}`;
  },
  async verify(password, phc) {
    const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(phc);
    if (!match) return false;
    const [, m, t, p, salt, expected] = match;
    const want = unb64(expected!);
    const got = await argon2idAsync(password, unb64(salt!), {
      m: Number(m),
      t: Number(t),
      p: Number(p),
      dkLen: want.length,
    });
    let diff = got.length ^ want.length;
    for (let i = 0; i < want.length; i++) diff |= got[i]! ^ want[i]!;
    return diff === 0;
  },
};
