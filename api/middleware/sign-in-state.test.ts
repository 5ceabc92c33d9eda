import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Db } from "../../db/client.ts";
import { sessions } from "../../db/schema/index.ts";
import { bodyOf, inProcess, startTestApp, type TestApp, testDbKind } from "../test/harness.ts";

// Sign-in state costs one indexed read per request and writes nothing but lastSeenAt, at most once a minute; nothing
// about a session is kept in memory, so a logout or a deactivation elsewhere is in force at the next request.
// Statements are counted by wrapping the Drizzle instance the app is handed (the library, not our code): a statement
// counts when it runs (awaited, handed on with `catch`, or run through its prepared form, as the hot queries are:
// `all` or `get`), under the name of the call that began it.
const WRITES = new Set(["insert", "update", "delete", "run", "batch", "transaction"]);
const READS = new Set(["select", "selectDistinct", "all", "get", "values"]);
const RUNS = new Set(["then", "catch", "all", "get", "values", "run", "execute"]);

let t: TestApp;
let token: string;
let apiKey: string;
const statements: string[] = [];

/** Follows a builder or prepared query, recording `label` each time it runs. */
function runsOf<T extends object>(target: T, label: string): T {
  return new Proxy(target, {
    get(obj, prop, receiver) {
      const value = Reflect.get(obj, prop, receiver);
      if (typeof value !== "function" || typeof prop !== "string") return value;
      return (...args: unknown[]) => {
        if (RUNS.has(prop)) statements.push(label);
        const result = (value as (...a: unknown[]) => unknown).apply(obj, args);
        const follow = prop !== "then" && result !== null && typeof result === "object";
        return follow && !(result instanceof Promise) ? runsOf(result as object, label) : result;
      };
    },
  });
}

function counted(db: Db): Db {
  const wrap = <T extends object>(target: T, path: string): T =>
    new Proxy(target, {
      get(obj, prop, receiver) {
        const value = Reflect.get(obj, prop, receiver);
        const name = typeof prop === "string" ? prop : "";
        if (path === "" && name === "query") return wrap(value as object, "query");
        if (path === "query" && value && typeof value === "object")
          return wrap(value as object, `query.${name}`);
        if (typeof value !== "function") return value;
        if (path.startsWith("query.") || READS.has(name) || WRITES.has(name)) {
          const label = `${WRITES.has(name) ? "write" : "read"} ${path ? `${path}.` : ""}${name}`;
          return (...args: unknown[]) => {
            const result = (value as (...a: unknown[]) => unknown).apply(obj, args);
            // db.run(), db.all()... run at once; select(), update(), findFirst()... when awaited or prepared and run.
            if (path === "" && RUNS.has(name)) {
              statements.push(label);
              return result;
            }
            return result !== null && typeof result === "object" ? runsOf(result as object, label) : result;
          };
        }
        return value;
      },
    });
  return wrap(db, "");
}

beforeAll(async () => {
  if (!inProcess) return;
  t = await startTestApp();
  const user = await t.createUser({ email: "state@example.com" });
  token = await t.signIn(user.email, "correct-horse-battery");
  const me = await bodyOf(t.api(token).auth.user.$get(), 200);
  apiKey = me.apiKey;
  t.deps.database = { ...t.deps.database, db: counted(t.deps.database.db) };
});
afterAll(async () => {
  if (inProcess) await t.close();
});

async function statementsOf(credential: string, path = "/api/auth/user"): Promise<string[]> {
  statements.length = 0;
  expect((await t.request(path, { token: credential })).status).toBe(200);
  return [...statements];
}

describe.skipIf(!inProcess)(`sign-in state in one indexed read (${testDbKind})`, () => {
  test("a session's request within a minute of the last touch: one read, no write", async () => {
    expect(await statementsOf(token)).toEqual(["read select"]);
    expect(await statementsOf(token)).toEqual(["read select"]);
  });

  test("a minute after the last touch: the read and the one lastSeenAt write, then reads only again", async () => {
    t.clock.advance(61_000);
    expect(await statementsOf(token)).toEqual(["read select", "write update"]);
    expect(await statementsOf(token)).toEqual(["read select"]);
  });

  test("an API key: one read by its unique hash, never a write", async () => {
    t.clock.advance(61_000);
    expect(await statementsOf(apiKey)).toEqual(["read select"]);
    expect(await statementsOf(apiKey)).toEqual(["read select"]);
  });

  test("a session ended in the database is refused at the next request", async () => {
    await t.deps.database.db.update(sessions).set({ endTime: new Date(1) });
    expect((await t.request("/api/auth/user", { token })).status).toBe(401);
  });

  test("a kept answer (latest, watchlist) costs that same one read: the data versions come with the sign-in state", async () => {
    const session = await t.signIn("state@example.com", "correct-horse-battery");
    for (const path of ["/api/recommendations/latest", "/api/watchlist"]) {
      await statementsOf(session, path);
      expect(await statementsOf(session, path)).toEqual(["read select"]);
      expect(await statementsOf(apiKey, path)).toEqual(["read select"]);
    }
  });
});
