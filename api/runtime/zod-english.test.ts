import { describe, expect, test } from "bun:test";
import * as zod from "zod";
import { z } from "./zod-english.ts";

describe("the Worker's zod, English only (decision 119)", () => {
  test("has everything zod's z has but the locales and core (which carries them too)", () => {
    const left = Object.keys(zod.z).filter((k) => !Object.hasOwn(z, k));
    expect(left.sort()).toEqual(["core", "locales"]);
    for (const [key, value] of Object.entries(z)) expect(value).toBe(zod.z[key as keyof typeof zod.z]);
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
