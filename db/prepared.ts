/**
 * A query prepared once per database handle. Building a query through Drizzle costs more than running it on the
 * embedded driver (about 100 µs against 15 µs for the sign-in join: docs/decisions/028-embedded-driver.md), so the
 * queries every request runs are built once and run with placeholders.
 */
export function preparedPerDatabase<D extends object, P>(prepare: (db: D) => P): (db: D) => P {
  const prepared = new WeakMap<D, P>();
  return (db) => {
    let query = prepared.get(db);
    if (!query) {
      query = prepare(db);
      prepared.set(db, query);
    }
    return query;
  };
}
