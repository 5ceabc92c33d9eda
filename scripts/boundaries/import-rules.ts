// The import boundaries of the codebase's layout, checked on every run of the test suite instead of by review:
// - no web feature imports another (routes compose features; shared pieces move down to web/components or lib);
// - web/components and web/lib import no feature and no route;
// - the web takes from api/ only types (the RPC type and what it infers), zod-free `*.constants.ts` modules and, in
//   web/features/ only (whose forms load with their lazy routes), the request schemas of `*.input.ts` modules; it
//   never imports db/ (docs/decisions/078-forms-validate-with-api-schemas.md);
// - a `*.input.ts` module imports only the zod package and other `*.input.ts` or `*.constants.ts` modules, so a form
//   that validates with it loads zod but never zod-to-openapi, Hono or a service;
// - api/ imports neither web/ nor scripts/; db/ imports nothing of ours; nothing outside scripts/ imports scripts/.
// - web code outside tests decides nothing by an error's message text (`.message.includes(...)` and the like): it
//   reads ApiError's status and code (docs/decisions/073-one-error-vocabulary.md).
// Tests and their harnesses may reach across (a component test starts the real API), so they are held only to the
// feature rule; so is api/dev.ts, the development shell that serves web/index.html through Bun's HTML import.
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
      if (isTestOrShell(from)) continue;
      const source = top(from);
      const target = top(to);
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
      } else if (source === "api" && (target === "web" || target === "scripts")) {
        say("api/ may not import web/ or scripts/");
      } else if (source === "db" && ["api", "web", "scripts"].includes(target)) {
        say("db/ imports nothing of ours");
      }
      if (target === "scripts" && source !== "scripts") say("nothing outside scripts/ imports scripts/");
    }
  }
  return problems;
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
