// The import boundaries of the codebase's layout, checked on every run of the test suite instead of by review:
// - no web feature imports another (routes compose features; shared pieces move down to web/components or lib);
// - web/components and web/lib import no feature and no route;
// - the web takes from api/ only types (the RPC type and what it infers), zod-free `*.constants.ts` modules and, in
//   web/features/ only (whose forms load with their lazy routes), the request schemas of `*.input.ts` modules; it
//   never imports db/ (docs/decisions/078-forms-validate-with-api-schemas.md);
// - a `*.input.ts` module imports only the zod package and other `*.input.ts` or `*.constants.ts` modules, so a form
//   that validates with it loads zod but never zod-to-openapi, Hono or a service;
// - api/ imports neither web/ nor scripts/; db/ imports nothing of ours; nothing outside scripts/ imports scripts/,
//   tests and their harnesses included; scripts/ (the benches among them) import no web code, and outside their own
//   tests not the API tests' harness (api/test/harness.ts): benches build on scripts/bench/harness.ts;
// - no file imports itself back: no circle of imports, type-only ones included (importCircles).
// - web code outside tests decides nothing by an error's message text (`.message.includes(...)` and the like): it
//   reads ApiError's status and code (docs/decisions/073-one-error-vocabulary.md).
// Otherwise tests and their harnesses may reach across (a component test starts the real API), so they are held only
// to the feature, scripts and circle rules; so is api/dev.ts, the development shell that serves web/index.html through
// Bun's HTML import.
import { dirname, join, normalize, relative } from "node:path";

export interface SourceFile {
  /** Path relative to the repository root, with forward slashes. */
  path: string;
  text: string;
}

export interface ImportEdge {
  from: string;
  /** The imported file relative to the root (relative specifiers only; packages are ignored). */
  to: string;
  typeOnly: boolean;
}

const IMPORT_FROM = /(?:^|[;\n])\s*(import|export)\s+(type\s+)?([^;]*?)\s+from\s+["']([^"']+)["']/g;
const SIDE_EFFECT_IMPORT = /(?:^|[;\n])\s*import\s+["']([^"']+)["']/g;
const DYNAMIC_IMPORT = /\bimport\(\s*["']([^"']+)["']\s*\)/g;

/** Every relative import of a file, with whether it brings in types only. */
export function importsOf(file: SourceFile): ImportEdge[] {
  const edges: ImportEdge[] = [];
  const add = (specifier: string, typeOnly: boolean) => {
    if (!specifier.startsWith(".")) return;
    const to = normalize(join(dirname(file.path), specifier)).replaceAll("\\", "/");
    edges.push({ from: file.path, to, typeOnly });
  };
  for (const m of file.text.matchAll(IMPORT_FROM)) {
    const clause = m[3] ?? "";
    const named = /^\{([^}]*)\}$/s.exec(clause.trim());
    const allNamedAreTypes =
      named !== null &&
      named[1]!
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
        .every((s) => s.startsWith("type "));
    add(m[4]!, Boolean(m[2]) || allNamedAreTypes);
  }
  for (const m of file.text.matchAll(SIDE_EFFECT_IMPORT)) add(m[1]!, false);
  for (const m of file.text.matchAll(DYNAMIC_IMPORT)) add(m[1]!, false);
  return edges;
}

const isTestOrShell = (path: string) =>
  /\.test\.tsx?$/.test(path) || /^(web\/test|web\/e2e|api\/test)\//.test(path) || path === "api/dev.ts";
const featureOf = (path: string) => /^web\/features\/([^/]+)\//.exec(path)?.[1] ?? null;
const top = (path: string) => path.split("/")[0]!;

/** Text matching on an error's message: `.message.includes(`, `.message?.startsWith(`, `/x/.test(e.message)`... */
const MESSAGE_MATCHING =
  /\.message\??\.(?:includes|startsWith|endsWith|match|matchAll|indexOf|search)\(|\.test\([^)]*\.message\s*\)/;

const isInput = (path: string) => path.endsWith(".input.ts");
const PACKAGE_IMPORT =
  /(?:^|[;\n])\s*(?:import|export)\s+(?:type\s+)?(?:[^;]*?\s+from\s+)?["']([^"'.][^"']*)["']/g;

/** A sentence per import that crosses a boundary, and per web file that matches on error message text. */
export function boundaryViolations(files: SourceFile[]): string[] {
  const problems: string[] = [];
  for (const file of files) {
    if (file.path.startsWith("web/") && !isTestOrShell(file.path) && MESSAGE_MATCHING.test(file.text)) {
      problems.push(
        `${file.path} matches on an error's message text: decide on ApiError's status or code (web/lib/api-error.ts)`,
      );
    }
    if (isInput(file.path)) {
      for (const m of file.text.matchAll(PACKAGE_IMPORT))
        if (m[1] !== "zod")
          problems.push(`${file.path} imports ${m[1]}: a *.input.ts module imports only zod of the packages`);
      for (const edge of importsOf(file))
        if (!isInput(edge.to) && !edge.to.endsWith(".constants.ts"))
          problems.push(
            `${file.path} imports ${edge.to}: a *.input.ts module imports only *.input.ts and *.constants.ts modules`,
          );
    }
    for (const edge of importsOf(file)) {
      const { from, to } = edge;
      const say = (rule: string) => problems.push(`${from} imports ${to}: ${rule}`);
      const fromFeature = featureOf(from);
      const toFeature = featureOf(to);
      if (fromFeature && toFeature && fromFeature !== toFeature) {
        say("a web feature may not import another; compose them in a route or move the shared piece down");
        continue;
      }
      const source = top(from);
      const target = top(to);
      if (target === "scripts" && source !== "scripts") say("nothing outside scripts/ imports scripts/");
      else if (source === "scripts" && target === "web")
        say("scripts/ import no web code (move what both need to api/)");
      else if (source === "scripts" && to === "api/test/harness.ts" && !isTestOrShell(from))
        say("benches and scripts do not build on the API tests' harness (benches: scripts/bench/harness.ts)");
      if (isTestOrShell(from)) continue;
      if (source === "web") {
        if (/^web\/(components|lib)\//.test(from) && /^web\/(features|routes)\//.test(to))
          say("shared web code may not import features or routes");
        else if (target === "api" && !edge.typeOnly && !to.endsWith(".constants.ts")) {
          if (!isInput(to))
            say(
              "the web takes from api/ only types, zod-free *.constants.ts and request schemas in *.input.ts",
            );
          else if (!fromFeature)
            say("only web/features/ (loaded with lazy routes) may import the request schemas of *.input.ts");
        } else if (target === "db") say("the web never imports db/");
      } else if (source === "api" && target === "web") {
        say("api/ may not import web/");
      } else if (source === "db" && ["api", "web"].includes(target)) {
        say("db/ imports nothing of ours");
      }
    }
  }
  for (const circle of importCircles(files))
    problems.push(`import circle: ${[...circle, circle[0]].join(" -> ")}`);
  return problems;
}

/**
 * Every circle of imports among `files`, type-only imports included: one circle per group of files that import one
 * another (a strongly connected component, Tarjan's algorithm), as one path around it from its first file in order.
 */
export function importCircles(files: SourceFile[]): string[][] {
  const known = new Set(files.map((f) => f.path));
  const next = new Map<string, string[]>();
  for (const file of files)
    next.set(file.path, [...new Set(importsOf(file).map((e) => e.to))].filter((to) => known.has(to)).sort());
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (path: string) => {
    order.set(path, order.size);
    low.set(path, order.get(path)!);
    stack.push(path);
    onStack.add(path);
    for (const to of next.get(path)!) {
      if (!order.has(to)) {
        visit(to);
        low.set(path, Math.min(low.get(path)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(path, Math.min(low.get(path)!, order.get(to)!));
    }
    if (low.get(path) !== order.get(path)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== path);
    if (group.length > 1 || next.get(path)!.includes(path)) groups.push(group);
  };
  for (const path of [...known].sort()) if (!order.has(path)) visit(path);
  return groups.map((group) => pathAround(new Set(group), next));
}

/** A shortest path from the group's first file (in order) back to itself, through the group's files only. */
function pathAround(group: Set<string>, next: Map<string, string[]>): string[] {
  const start = [...group].sort()[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const at = queue[i]!;
    for (const to of next.get(at)!) {
      if (!group.has(to)) continue;
      if (to === start) {
        const path = [at];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0]!)!);
        return path;
      }
      if (!cameFrom.has(to)) {
        cameFrom.set(to, at);
        queue.push(to);
      }
    }
  }
  return [start];
}

/** The TypeScript sources under api/, db/, web/ and scripts/, read from disk. */
export async function readSources(root: string): Promise<SourceFile[]> {
  const files: SourceFile[] = [];
  for (const dir of ["api", "db", "web", "scripts"]) {
    for await (const path of new Bun.Glob(`${dir}/**/*.{ts,tsx}`).scan({ cwd: root })) {
      if (path.endsWith("routeTree.gen.ts")) continue;
      files.push({ path: relative(root, join(root, path)), text: await Bun.file(join(root, path)).text() });
    }
  }
  return files;
}
