import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { keptOutput } from "../../api/test/bun-server.ts";
import { freePort, waitForHttp } from "../../api/test/local-server.ts";
import type { WorkerdServer } from "../../api/test/workerd.ts";
import { wranglerEnv } from "../../api/test/wrangler-env.ts";

const root = join(import.meta.dir, "../..");

/** A Worker's ES modules in one folder, the entry first (the names are the modules' names in workerd). */
export interface WorkerModules {
  dir: string;
  names: string[];
}

/**
 * The Worker's modules as `wrangler deploy --dry-run` builds them (what a deploy uploads: the entry and its chunks,
 * decision 158), written to `outdir`.
 */
export function buildWorkerBundle(outdir: string): WorkerModules | { error: string } {
  rmSync(outdir, { recursive: true, force: true });
  const run = Bun.spawnSync(["node_modules/.bin/wrangler", "deploy", "--dry-run", "--outdir", outdir], {
    cwd: root,
    env: { ...process.env, ...wranglerEnv() },
    stdout: "pipe",
    stderr: "pipe",
  });
  if (run.exitCode !== 0 || !existsSync(join(outdir, "worker.js"))) {
    return { error: `dry run failed: ${run.stderr.toString().slice(0, 300)}` };
  }
  const chunks = readdirSync(outdir).filter((name) => name.endsWith(".js") && name !== "worker.js");
  return { dir: outdir, names: ["worker.js", ...chunks.sort()] };
}

/** The modules' total size, raw and gzip (-9) each on its own, as a deploy uploads them. */
export function workerModuleBytes(
  worker: WorkerModules,
  names = worker.names,
): { raw: number; gzip: number } {
  let raw = 0;
  let gzip = 0;
  for (const name of names) {
    const bytes = readFileSync(join(worker.dir, name));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { raw, gzip };
}

/** wrangler.toml's compatibility date, which a deploy runs the Worker with. */
export function compatibilityDate(): string {
  const date = /^compatibility_date\s*=\s*"([^"]+)"/m.exec(
    readFileSync(join(root, "wrangler.toml"), "utf8"),
  )?.[1];
  if (!date) throw new Error("wrangler.toml has no compatibility_date");
  return date;
}

/**
 * The built Worker's modules (`wrangler deploy --dry-run`) served by the workerd binary itself from a config of our
 * own: one socket straight to the Worker, none of `wrangler dev`'s proxy worker and inspector in front, so the
 * figure is the runtime's and the Worker's (`wrangler dev` served even a static asset at ~400 requests/s here).
 * Outbound fetches may reach loopback (the local sqld). It answers once `firstRequest` (by default the OpenAPI
 * document) answers 200; the edge bench times that first answer from the spawn, polling every `intervalMs`.
 */
export async function startWorkerdDirect(
  worker: WorkerModules,
  vars: Record<string, string>,
  {
    inspectorPort,
    firstRequest = { path: "/api/openapi.json" },
    intervalMs,
    under = [],
    timeoutMs,
  }: {
    inspectorPort?: number;
    firstRequest?: { path: string; headers?: Record<string, string> };
    intervalMs?: number;
    /** A command workerd runs under (valgrind's, to count its instructions); the process is then that tool. */
    under?: string[];
    timeoutMs?: number;
  } = {},
): Promise<WorkerdServer & { output(): string; pid: number }> {
  const dir = mkdtempSync(join(tmpdir(), "workerd-direct-"));
  const port = await freePort();
  // capnp embeds files relative to the config.
  for (const name of worker.names) copyFileSync(join(worker.dir, name), join(dir, name));
  const text = (s: string) => JSON.stringify(s);
  const bindings = Object.entries(vars)
    .map(([name, value]) => `(name = ${text(name)}, text = ${text(value)})`)
    .join(", ");
  writeFileSync(
    join(dir, "config.capnp"),
    `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [
    (name = "main", worker = .worker),
    (name = "net", network = (allow = ["public", "private", "local"])),
  ],
  sockets = [(name = "http", address = "127.0.0.1:${port}", http = (), service = "main")],
);
const worker :Workerd.Worker = (
  modules = [${worker.names.map((name) => `(name = ${text(name)}, esModule = embed ${text(name)})`).join(", ")}],
  compatibilityDate = ${text(compatibilityDate())},
  bindings = [${bindings}],
  globalOutbound = "net",
);
`,
  );
  // The inspector (Chrome DevTools protocol) lets a probe take a CPU profile of the Worker under load.
  const inspector = inspectorPort === undefined ? [] : [`--inspector-addr=127.0.0.1:${inspectorPort}`];
  const proc = Bun.spawn(
    [...under, join(root, "node_modules/.bin/workerd"), "serve", join(dir, "config.capnp"), ...inspector],
    { stdout: "pipe", stderr: "pipe" },
  );
  const output = keptOutput(proc);
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(proc, `${url}${firstRequest.path}`, {
    name: "workerd",
    output,
    headers: firstRequest.headers,
    ready: (res) => res.status === 200,
    intervalMs,
    timeoutMs,
  });
  // The process itself must be workerd (not a launcher script): the bench pins it and reads its CPU time.
  const program = readlinkSync(`/proc/${proc.pid}/exe`);
  if (!under.length && !program.endsWith("/workerd")) {
    proc.kill();
    throw new Error(`node_modules/.bin/workerd runs ${program}, not workerd itself`);
  }
  return {
    url,
    output,
    // workerd's own process: its CPU time (/proc/<pid>/stat) is what a request costs the Worker.
    pid: proc.pid,
    async stop() {
      proc.kill();
      await proc.exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
