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
 */
export function createDb(url: string, authToken?: string): Database {
  const client = createClient({ url, authToken, intMode: "number" });
  const db = drizzle(client, { schema, casing: "snake_case" });
  return { db, client };
}
