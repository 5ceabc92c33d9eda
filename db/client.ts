import { type Client, createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import * as schema from "./schema/index.ts";

export type Db = ReturnType<typeof drizzle<typeof schema>>;

export interface Database {
  db: Db;
  client: Client;
}

/**
 * Opens a libSQL database: an embedded file (`file:...`), a libSQL server (`http://...`) or Turso
 * (`libsql://...` with a token). Reads no environment itself: the runtime shells pass the URL in.
 * Under workerd, `@libsql/client` resolves to its HTTP-only web build, so the Worker shares this code.
 */
export function createDb(url: string, authToken?: string): Database {
  const client = createClient({ url, authToken, intMode: "number" });
  return { db: drizzle(client, { schema, casing: "snake_case" }), client };
}
