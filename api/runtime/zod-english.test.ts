import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import * as zod from "zod";
import { z } from "./zod-english.ts";

/** Members a Worker would compile at every start and the API never calls (decision 167). */
const NEVER_RUN = [
  "INVALID",
  "ZodCompileAsyncError",
  "ZodCompileUnsupportedError",
  "compile",
  "fromJSONSchema",
  "withParser",
];

describe("the Worker's zod, English only (decision 119)", () => {
  test("has everything zod's z has but the locales, core (which carries them too) and what the API never runs", () => {
    const left = Object.keys(zod.z).filter((k) => !Object.hasOwn(z, k));
    expect(left.sort()).toEqual(["core", "locales", ...NEVER_RUN].sort());
    for (const [key, value] of Object.entries(z))
      expect(value as unknown).toBe((zod.z as Record<string, unknown>)[key]);
  });

  test("the API's code (tests aside) uses none of the members it leaves out", async () => {
    const root = join(import.meta.dir, "../..");
    const used: string[] = [];
    for (const dir of ["api", "db"]) {
      for await (const file of new Bun.Glob("**/*.ts").scan(join(root, dir))) {
        if (file.endsWith(".test.ts") || file.startsWith("test/")) continue;
        const code = await Bun.file(join(root, dir, file)).text();
        for (const name of NEVER_RUN)
          if (new RegExp(`\\bz\\.${name}\\b`).test(code)) used.push(`${dir}/${file}: z.${name}`);
      }
    }
    expect(used).toEqual([]);
  });

  test("answers zod's English messages", () => {
    const schema = z.object({ symbol: z.string().min(1).max(10), confidence: z.number().int().max(100) });
    const result = schema.safeParse({ symbol: "", confidence: 101.5 });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      "Too small: expected string to have >=1 characters",
      "Invalid input: expected int, received number",
    ]);
  });
});
