import { describe, expect, test } from "bun:test";
import { readBatches } from "./read-batch.ts";

/** A store whose reads take a turn of the event loop, recording which keys each read asked for. */
function slowStore(values: Record<string, number>) {
  const reads: string[][] = [];
  // The statement sees the data as it is when it starts, and answers a turn later.
  const answer = (keys: string[]) => {
    reads.push(keys);
    const found = new Map(keys.filter((k) => k in values).map((k) => [k, values[k]!]));
    return new Promise<Map<string, number>>((resolve) => setTimeout(() => resolve(found), 5));
  };
  const read = readBatches<string, number>(
    async (key) => (await answer([key])).get(key),
    (keys) => answer(keys),
  );
  return { read, reads, values };
}

describe("reads joined while one is on its way", () => {
  test("the first caller reads alone; those arriving meanwhile share the next read; each gets its own answer", async () => {
    const store = slowStore({ a: 1, b: 2, c: 3 });
    const first = store.read("a");
    const others = [store.read("b"), store.read("c"), store.read("b"), store.read("missing")];
    expect(await first).toBe(1);
    expect(await Promise.all(others)).toEqual([2, 3, 2, undefined]);
    expect(store.reads).toEqual([["a"], ["b", "c", "missing"]]);
  });

  test("a caller that arrives after a read went out sees a later read (what was committed before it asked)", async () => {
    const store = slowStore({ a: 1 });
    const before = store.read("a");
    store.values.a = 2;
    const after = store.read("a");
    expect(await before).toBe(1);
    expect(await after).toBe(2);
    expect(store.reads).toEqual([["a"], ["a"]]);
  });

  test("a failed read fails its callers and those waiting behind it (one deadline, not two)", async () => {
    let reject: (error: Error) => void = () => {};
    const reads: string[][] = [];
    const read = readBatches<string, number>(
      (key) => {
        reads.push([key]);
        return new Promise((_, r) => {
          reject = r;
        });
      },
      async (keys) => new Map(keys.map((k) => [k, 1])),
    );
    const settled = Promise.allSettled([read("a"), read("b")]);
    reject(new Error("deadline"));
    const [first, waiting] = await settled;
    expect(first).toMatchObject({ status: "rejected", reason: new Error("deadline") });
    expect(waiting).toMatchObject({ status: "rejected", reason: new Error("deadline") });
    expect(reads).toEqual([["a"]]);
  });

  test("after a failed read the next callers read again", async () => {
    let fail = true;
    const read = readBatches<string, number>(
      async () => {
        if (fail) throw new Error("unavailable");
        return 1;
      },
      async (keys) => new Map(keys.map((k) => [k, 1])),
    );
    await expect(read("a")).rejects.toThrow("unavailable");
    fail = false;
    expect(await read("a")).toBe(1);
  });
});
