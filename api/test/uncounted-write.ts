import type { Database } from "../../db/client.ts";

/**
 * Makes `write` through `database`, then sets the data versions and every user's lists version back to what they
 * were, as if the triggers had not counted it. An answer kept before the write is then still the one served: a
 * test tells a kept answer (without the write) from one computed again (with it) by what it reads, not by hooks.
 */
export async function writeUncounted(database: Database, write: () => Promise<unknown>): Promise<void> {
  const { client } = database;
  const versions = (await client.execute("select recommendations, market from data_versions where id = 1"))
    .rows[0]!;
  const lists = (await client.execute("select id, lists_version from users")).rows;
  await write();
  await client.batch(
    [
      {
        sql: "update data_versions set recommendations = ?, market = ? where id = 1",
        args: [versions.recommendations!, versions.market!],
      },
      ...lists.map((u) => ({
        sql: "update users set lists_version = ? where id = ?",
        args: [u.lists_version!, u.id!],
      })),
    ],
    "write",
  );
}
