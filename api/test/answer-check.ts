import { z } from "zod";
import { type TestApp, typedOver } from "./harness.ts";

type JsonSchema = Record<string, unknown>;
interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}
interface ApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** Where an answer's JSON body is checked: the operation whose path template matches, and the status it gave. */
interface Route {
  method: string;
  pattern: RegExp;
  template: string;
  operation: Operation;
}

/**
 * Checks every answer against the served API document, as a client generated from it would read it: a JSON body
 * of a declared status must fit its schema, and a success status the operation does not declare is a failure.
 * The document's JSON Schemas become zod schemas through `z.fromJSONSchema` (its `$ref`s moved to `$defs`).
 */
export async function answerChecker(t: Pick<TestApp, "request">) {
  const text = await (await t.request("/api/openapi.json")).text();
  const document = JSON.parse(text.replaceAll("#/components/schemas/", "#/$defs/")) as ApiDocument;
  const $defs = document.components?.schemas ?? {};
  const routes: Route[] = Object.entries(document.paths).flatMap(([template, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      method: method.toUpperCase(),
      template,
      pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`),
      operation,
    })),
  );
  const compiled = new Map<JsonSchema, z.ZodType>();
  const zodOf = (schema: JsonSchema) => {
    let found = compiled.get(schema);
    if (!found) {
      found = z.fromJSONSchema({ ...schema, $defs } as Parameters<typeof z.fromJSONSchema>[0]);
      compiled.set(schema, found);
    }
    return found;
  };

  return async function check(method: string, path: string, res: Response): Promise<void> {
    const pathname = new URL(path, "http://localhost").pathname;
    const route = routes.find((r) => r.method === method && r.pattern.test(pathname));
    if (!route) return;
    const where = `${method} ${route.template} → ${res.status}`;
    const declared = route.operation.responses?.[String(res.status)];
    if (!declared) {
      if (res.ok) throw new Error(`${where}: the API document does not declare this status`);
      return;
    }
    const schema = declared.content?.["application/json"]?.schema;
    if (!schema || res.headers.get("content-encoding")) return;
    if (!res.headers.get("content-type")?.includes("application/json")) return;
    const result = zodOf(schema).safeParse(await res.clone().json());
    if (!result.success) {
      const issues = result.error.issues
        .slice(0, 5)
        .map((i) => `${i.path.join(".")}: ${i.message}`)
        .join("; ");
      throw new Error(`${where}: the answer does not fit the API document: ${issues}`);
    }
  };
}

/** The test app, with every answer of `request` checked against the served API document (answerChecker). */
export async function withAnswerChecks<T extends TestApp>(t: T): Promise<T> {
  const check = await answerChecker(t);
  const request: TestApp["request"] = async (path, init) => {
    const res = await t.request(path, init);
    await check(init?.method ?? (init?.json === undefined ? "GET" : "POST"), path, res);
    return res;
  };
  return { ...t, request, api: typedOver(request) };
}
