export interface OpenApiOperation {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: unknown[];
  "x-admin-only"?: boolean;
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: { description?: string } }>;
  requestBody?: unknown;
}

export interface OpenApiDocument {
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, OpenApiOperation>>;
}

export interface Endpoint {
  method: string;
  path: string;
  summary: string;
  description?: string;
  adminOnly: boolean;
  signedIn: boolean;
  parameters: Array<{ name: string; in: string; required: boolean }>;
}

/** The document's operations grouped by their first tag, in the order the tags first appear. */
export function groupEndpoints(doc: OpenApiDocument): Array<[string, Endpoint[]]> {
  const groups = new Map<string, Endpoint[]>();
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const tag = op.tags?.[0] ?? "Other";
      const list = groups.get(tag) ?? [];
      list.push({
        method: method.toUpperCase(),
        path,
        summary: op.summary ?? "",
        description: op.description,
        adminOnly: op["x-admin-only"] === true,
        signedIn: Array.isArray(op.security) && op.security.length > 0,
        parameters: (op.parameters ?? []).map((p) => ({
          name: p.name,
          in: p.in,
          required: p.required ?? false,
        })),
      });
      groups.set(tag, list);
    }
  }
  return [...groups.entries()];
}
