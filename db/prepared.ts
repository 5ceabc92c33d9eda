import { fillPlaceholders } from "drizzle-orm";
import type { PreparedQueryConfig, SQLitePreparedQuery } from "drizzle-orm/sqlite-core";
import type { Db } from "./client.ts";
import { readsAtOnce } from "./file-reads.ts";

/**
 * A query prepared once per database handle: building one through Drizzle costs more than running it on the embedded
 * file (about 100 µs against 15 µs for the sign-in join: decision 028).
 */
export function preparedPerDatabase<D extends object, P>(prepare: (db: D) => P): (db: D) => P {
  const prepared = new WeakMap<D, P>();
  const prepareFor = (db: D) => {
    const query = prepare(db);
    prepared.set(db, query);
    return query;
  };
  return (db) => prepared.get(db) ?? prepareFor(db);
}

type PreparedRead<T> = SQLitePreparedQuery<PreparedQueryConfig & { type: "async"; get: T | undefined }>;

/**
 * A prepared read's first row, mapped by Drizzle. On an embedded file the statement runs at once on the file's read
 * connection: the driver's promises around it cost a signed-in request a fifth of its CPU (decision 098).
 */
export function firstRow<T>(
  db: Db,
  query: PreparedRead<T>,
  values: Record<string, unknown>,
): Promise<T | undefined> | T | undefined {
  const { sql, params } = query.getQuery();
  const rows = readsAtOnce.get(db.$client)?.(sql, fillPlaceholders(params, values));
  return rows ? (query.mapAllResult(rows) as T[])[0] : query.get(values);
}
