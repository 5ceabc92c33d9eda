import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { boundaryViolations, importCircles, importsOf, readSources } from "./import-rules.ts";

const file = (path: string, text: string) => ({ path, text });

describe("import boundaries", () => {
  test("a web feature importing another is refused, types included; inside one feature it is fine", () => {
    const problems = boundaryViolations([
      file(
        "web/features/earnings/earnings-tab.tsx",
        'import { useAdd } from "../watchlist/watchlist.queries.ts";',
      ),
      file("web/features/admin/page.tsx", 'import type { CurrentUser } from "../auth/auth.queries.ts";'),
      file("web/features/admin/list.tsx", 'import { usersQueryOptions } from "./users.queries.ts";'),
    ]);
    expect(problems).toEqual([
      "web/features/earnings/earnings-tab.tsx imports web/features/watchlist/watchlist.queries.ts: a web feature may not import another; compose them in a route or move the shared piece down",
      "web/features/admin/page.tsx imports web/features/auth/auth.queries.ts: a web feature may not import another; compose them in a route or move the shared piece down",
    ]);
  });

  test("the web takes only types and *.constants.ts from api/, and shared code imports no feature", () => {
    const problems = boundaryViolations([
      file("web/lib/api-client.ts", 'import type { AppType } from "../../api/app.ts";'),
      file("web/features/w/form.tsx", 'import { LIMIT } from "../../../api/features/w/w.constants.ts";'),
      file("web/features/w/bad.tsx", 'import { Schema } from "../../../api/features/w/w.schema.ts";'),
      file("web/features/w/mixed.tsx", 'import { type A, b } from "../../../api/app.ts";'),
      file("web/components/header.tsx", 'import { useLogout } from "../features/auth/auth.mutations.ts";'),
      file("web/routes/x.tsx", 'const Page = lazy(() => import("../features/w/page.tsx"));'),
    ]);
    expect(problems.map((p) => p.split(":")[0])).toEqual([
      "web/features/w/bad.tsx imports api/features/w/w.schema.ts",
      "web/features/w/mixed.tsx imports api/app.ts",
      "web/components/header.tsx imports web/features/auth/auth.mutations.ts",
    ]);
  });

  test("web features may take request schemas from *.input.ts; routes, lib and components may not", () => {
    const problems = boundaryViolations([
      file("web/features/w/form.tsx", 'import { AddInput } from "../../../api/features/w/w.input.ts";'),
      file("web/lib/form.tsx", 'import { AddInput } from "../../api/features/w/w.input.ts";'),
      file("web/routes/w.tsx", 'import { AddInput } from "../../api/features/w/w.input.ts";'),
    ]);
    expect(problems.map((p) => p.split(":")[0])).toEqual([
      "web/lib/form.tsx imports api/features/w/w.input.ts",
      "web/routes/w.tsx imports api/features/w/w.input.ts",
    ]);
  });

  test("a *.input.ts module imports only zod, *.input.ts and *.constants.ts", () => {
    const problems = boundaryViolations([
      file(
        "api/features/w/w.input.ts",
        [
          'import { z } from "zod";',
          'import { symbol } from "../../lib/fields.input.ts";',
          'import { LIMIT } from "./w.constants.ts";',
        ].join("\n"),
      ),
      file(
        "api/features/v/v.input.ts",
        [
          'import { z } from "@hono/zod-openapi";',
          'import { idParam } from "../../lib/validation.ts";',
          'export { Other } from "./v.schema.ts";',
        ].join("\n"),
      ),
    ]);
    expect(problems).toEqual([
      "api/features/v/v.input.ts imports @hono/zod-openapi: a *.input.ts module imports only zod of the packages",
      "api/features/v/v.input.ts imports api/lib/validation.ts: a *.input.ts module imports only *.input.ts and *.constants.ts modules",
      "api/features/v/v.input.ts imports api/features/v/v.schema.ts: a *.input.ts module imports only *.input.ts and *.constants.ts modules",
    ]);
  });

  test("web code deciding on an error's message text is refused; status and code are fine, and so are tests", () => {
    const problems = boundaryViolations([
      file("web/features/a/a.mutations.ts", 'if (error.message.includes("ACCOUNT_INACTIVE")) return;'),
      file("web/lib/b.ts", 'return e.message?.startsWith("401");'),
      file("web/lib/c.ts", "return /Unauthorized/.test(error.message);"),
      file("web/lib/ok.ts", 'return error instanceof ApiError && error.code === "ACCOUNT_INACTIVE";'),
      file("web/lib/ok-path.ts", 'return window.location.pathname.includes("signin");'),
      file("web/lib/d.test.ts", 'expect(error.message.startsWith("401")).toBe(true);'),
      file("api/features/x.ts", 'if (err.message.includes("busy")) return;'),
    ]);
    expect(problems.map((p) => p.split(" matches")[0])).toEqual([
      "web/features/a/a.mutations.ts",
      "web/lib/b.ts",
      "web/lib/c.ts",
    ]);
  });

  test("a new circle of imports is refused, type-only and lazy ones included; a chain without one is fine", () => {
    const problems = boundaryViolations([
      file("api/lib/a.ts", 'import type { B } from "./b.ts";'),
      file("api/lib/b.ts", 'import { c } from "./c.ts";'),
      file("api/lib/c.ts", 'export type { A } from "./a.ts";'),
      file("web/features/w/chart.tsx", 'import type { Point } from "./charts.tsx";'),
      file("web/features/w/charts.tsx", 'const Chart = lazy(() => import("./chart.tsx"));'),
      file("web/lib/self.ts", 'import type { Self } from "./self.ts";'),
      file("db/x.ts", 'import { y } from "./y.ts";'),
      file("db/y.ts", 'import { z } from "./z.ts";'),
      file("db/z.ts", "export const z = 1;"),
    ]);
    expect(problems).toEqual([
      "import circle: api/lib/a.ts -> api/lib/b.ts -> api/lib/c.ts -> api/lib/a.ts",
      "import circle: web/features/w/chart.tsx -> web/features/w/charts.tsx -> web/features/w/chart.tsx",
      "import circle: web/lib/self.ts -> web/lib/self.ts",
    ]);
  });

  test("a circle is named by a shortest way around it from its first file", () => {
    const circles = importCircles([
      file("api/a.ts", 'import "./b.ts";\nimport "./d.ts";'),
      file("api/b.ts", 'import "./c.ts";'),
      file("api/c.ts", 'import "./a.ts";'),
      file("api/d.ts", 'import "./a.ts";'),
    ]);
    expect(circles).toEqual([["api/a.ts", "api/d.ts"]]);
  });

  test("nothing outside scripts/ imports scripts/; scripts import no web code, benches not the API tests' harness", () => {
    const problems = boundaryViolations([
      file("api/test/workerd.ts", 'import { wranglerEnv } from "../../scripts/wrangler-env.ts";'),
      file("web/e2e/x.test.ts", 'import { seed } from "../../scripts/seed.ts";'),
      file("scripts/bench/seed.ts", 'import { SIZE } from "../../web/features/r/r.queries.ts";'),
      file("scripts/bench/load.ts", 'import { depsOn } from "../../api/test/harness.ts";'),
      file("scripts/bench/start.ts", 'import { startBunServer } from "../../api/test/bun-server.ts";'),
      file("scripts/admin.test.ts", 'import { startTestApp } from "../api/test/harness.ts";'),
      file("scripts/test.ts", 'import { wranglerEnv } from "./wrangler-env.ts";'),
    ]);
    expect(problems.map((p) => p.split(":")[0])).toEqual([
      "api/test/workerd.ts imports scripts/wrangler-env.ts",
      "web/e2e/x.test.ts imports scripts/seed.ts",
      "scripts/bench/seed.ts imports web/features/r/r.queries.ts",
      "scripts/bench/load.ts imports api/test/harness.ts",
    ]);
  });

  test("multi-line, side-effect and dynamic imports are all seen", () => {
    const edges = importsOf(
      file(
        "web/main.tsx",
        'import {\n  a,\n  type B,\n} from "./lib/a.ts";\nimport "./styles.css";\nconst m = import("./routes/x.tsx");',
      ),
    );
    expect(edges).toEqual([
      { from: "web/main.tsx", to: "web/lib/a.ts", typeOnly: false },
      { from: "web/main.tsx", to: "web/styles.css", typeOnly: false },
      { from: "web/main.tsx", to: "web/routes/x.tsx", typeOnly: false },
    ]);
  });

  test("the repository itself reads as sources (the static phase checks it)", async () => {
    const files = await readSources(join(import.meta.dir, "../.."));
    expect(files.some((f) => f.path === "web/main.tsx")).toBe(true);
    expect(files.some((f) => f.path.endsWith("routeTree.gen.ts"))).toBe(false);
  });
});
