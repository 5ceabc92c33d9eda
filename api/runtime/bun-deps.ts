import type { Server } from "bun";
import type { PasswordHasher } from "../lib/passwords.ts";

/** OWASP's argon2id baseline (19 MiB, 2 passes): about 20 ms a hash on this hardware. */
export const bunPasswordHasher: PasswordHasher = {
  hash: (password) => Bun.password.hash(password, { algorithm: "argon2id", memoryCost: 19456, timeCost: 2 }),
  verify: async (password, phc) => {
    try {
      return await Bun.password.verify(password, phc);
    } catch {
      return false;
    }
  },
};

/** The socket peer's address under Bun.serve (Hono passes the server as `env`). */
export function bunClientAddress(request: Request, env: unknown): string | null {
  const server = env as Server<unknown> | undefined;
  return server?.requestIP?.(request)?.address ?? null;
}
