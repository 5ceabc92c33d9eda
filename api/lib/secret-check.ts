import type { Client } from "@libsql/client";
import { decryptText } from "./crypto.ts";

/**
 * Whether `secret` opens the API keys this database holds (one sampled: every key is sealed with the one secret).
 * A database with no keys yet opens with any secret. A restore without its app-secret file, or another APP_SECRET,
 * fails here before a sign-in fails on it.
 */
export async function secretOpensStoredKeys(client: Client, secret: string | undefined): Promise<boolean> {
  const sealed = await client.execute(
    "select api_key_ciphertext from users where api_key_ciphertext is not null limit 1",
  );
  const sample = sealed.rows[0]?.api_key_ciphertext;
  if (typeof sample !== "string") return true;
  if (!secret) return false;
  try {
    await decryptText(secret, sample);
    return true;
  } catch {
    return false;
  }
}
