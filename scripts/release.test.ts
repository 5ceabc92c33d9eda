import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { startTestApp, type TestApp } from "../api/test/harness.ts";

// A release is package.json's version, its CHANGELOG entry and the tag `v<version>` on main (README, Releases);
// the API document states the same version and licence (decision 092).
const root = join(import.meta.dir, "..");
const read = (path: string) => readFileSync(join(root, path), "utf8");
const packageJson = JSON.parse(read("package.json")) as {
  version: string;
  license?: string;
  private?: boolean;
};

describe("release", () => {
  let t: TestApp;
  let info: { version: string; license?: { name: string; identifier?: string } };
  beforeAll(async () => {
    t = await startTestApp();
    info = (await t.openApi()).info;
  });
  afterAll(() => t.close());

  test("package.json's version is a semantic version with a dated CHANGELOG entry of its own", () => {
    expect(packageJson.version).toMatch(/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/);
    const heading = new RegExp(
      `^## \\[${packageJson.version.replace(/\./g, "\\.")}\\] - \\d{4}-\\d{2}-\\d{2}$`,
      "m",
    );
    expect(read("CHANGELOG.md")).toMatch(heading);
  });

  test("the API document states package.json's version", () => {
    expect(info.version).toBe(packageJson.version);
  });

  test("one open-source licence: LICENSE, package.json and the API document agree", () => {
    expect(read("LICENSE")).toStartWith("                                 Apache License\n");
    expect(packageJson.license).toBe("Apache-2.0");
    expect(info.license).toEqual({ name: "Apache-2.0", identifier: "Apache-2.0" });
  });
});
