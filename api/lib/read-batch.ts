/**
 * Reads by key that join the next statement while one is on its way. The first caller reads at once; callers that
 * arrive while that read is out wait and go together in the next one, which starts after they arrived (so each
 * sees every commit made before it asked). On a libSQL server the round trip, not the query, is the cost; on the
 * embedded file a read finishes before the next caller arrives, so every batch is one key and `readOne` serves it.
 * When a read fails, the callers waiting for the next one fail with it.
 */
export function readBatches<K, V>(
  readOne: (key: K) => Promise<V | undefined>,
  readMany: (keys: K[]) => Promise<Map<K, V>>,
): (key: K) => Promise<V | undefined> {
  let waiting: Array<{ key: K; resolve: (value: V | undefined) => void; reject: (error: unknown) => void }> =
    [];
  let reading = false;
  const flush = () => {
    const batch = waiting;
    waiting = [];
    reading = true;
    const keys = [...new Set(batch.map((b) => b.key))];
    const read =
      keys.length === 1
        ? readOne(keys[0]!).then((value) => new Map(value === undefined ? [] : [[keys[0]!, value]]))
        : readMany(keys);
    read
      .then(
        (found) => {
          for (const b of batch) b.resolve(found.get(b.key));
        },
        (error) => {
          // Those waiting fail with it rather than start a read that would wait its whole deadline again: a
          // stalled database answers a request within one deadline, not two.
          const failed = [...batch, ...waiting];
          waiting = [];
          for (const b of failed) b.reject(error);
        },
      )
      .finally(() => {
        reading = false;
        if (waiting.length) flush();
      });
  };
  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      waiting.push({ key, resolve, reject });
      if (!reading) flush();
    });
}
