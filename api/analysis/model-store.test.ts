import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rankerModels } from "../../db/schema/index.ts";
import { readServedModelFiles } from "../runtime/model-files.ts";
import { startTestApp, type TestApp, testDbKind } from "../test/harness.ts";
import { modelFor, SERVED_MODELS } from "../test/served-models.ts";
import { modelCatalog, storedModelFor, storeModels } from "./model-store.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe(`the served models in the database (${testDbKind})`, () => {
  test("the seed stores the committed files once, and again only the one whose content changed", async () => {
    const { db } = t.deps.database;
    const files = await readServedModelFiles();
    await db.delete(rankerModels);
    expect(await storeModels(db, files)).toBe(3);
    expect(await storeModels(db, files)).toBe(0);
    const retrained = JSON.stringify({ ...JSON.parse(files[2]!), trainedThrough: "2099-01-01" });
    expect(await storeModels(db, [files[0]!, files[1]!, retrained])).toBe(1);
    const rows = await db
      .select({ version: rankerModels.version, through: rankerModels.trainedThrough })
      .from(rankerModels);
    expect(rows.find((r) => r.version === "xgb-rank-h60-live")?.through).toBe("2099-01-01");
    // A model no file has any more leaves the table.
    expect(await storeModels(db, files.slice(1))).toBe(2);
    expect((await db.select().from(rankerModels)).map((r) => r.version).sort()).toEqual([
      "xgb-rank-h60-2023",
      "xgb-rank-h60-live",
    ]);
    expect(await storeModels(db, files)).toBe(1);
  });

  test("each date gets the model the committed registry picks, read once and kept", async () => {
    const { db } = t.deps.database;
    expect([...(await modelCatalog(db)).keys()]).toEqual(SERVED_MODELS.map((m) => m.version));
    for (const date of ["2021-12-31", "2022-01-03", "2022-11-04", "2023-10-27", "2023-10-30", "2026-11-23"]) {
      expect(await storedModelFor(db, date)).toEqual(modelFor(date));
    }
    expect(await storedModelFor(db, "2023-06-30")).toBe(await storedModelFor(db, "2023-01-03"));
  });
});
