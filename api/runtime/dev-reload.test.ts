import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { testDbKind } from "../test/harness.ts";
import { createDevReload, DEV_RELOAD_PATH, DEV_RELOAD_SCRIPT_PATH, withReloadScript } from "./dev-reload.ts";

const root = join(import.meta.dir, "../..");
const dir = mkdtempSync(join(tmpdir(), "dev-reload-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Reads server-sent events from `response` until `until` holds for what arrived, or the deadline passes. */
async function readEvents(response: Response, until: (text: string) => boolean, ms = 5_000): Promise<string> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const deadline = Date.now() + ms;
  while (!until(text) && Date.now() < deadline) {
    const chunk = await Promise.race([reader.read(), Bun.sleep(deadline - Date.now()).then(() => null)]);
    if (!chunk || chunk.done) break;
    text += decoder.decode(chunk.value, { stream: true });
  }
  await reader.cancel();
  return text;
}

describe("dev reload", () => {
  test("a page listening gets hello at once and one reload after a burst of changes in the watched folder", async () => {
    const watched = mkdtempSync(join(dir, "web-"));
    const reload = createDevReload(watched, { debounceMs: 100 });
    const server = Bun.serve({ port: 0, fetch: (request) => reload.events(request) });
    try {
      const response = await fetch(server.url);
      expect(response.headers.get("content-type")).toBe("text/event-stream");
      const events = readEvents(response, (text) => text.includes("event: reload"));
      await Bun.sleep(100);
      writeFileSync(join(watched, "page.tsx"), "export const a = 1;\n");
      writeFileSync(join(watched, "page.tsx"), "export const a = 2;\n");
      const text = await events;
      expect(text).toMatch(/^retry: 500\nevent: hello\ndata: [0-9a-f-]{36}\n\n/);
      expect(text.match(/event: reload/g)?.length).toBe(1);
    } finally {
      reload.close();
      await server.stop(true);
    }
  });

  test("the script goes before </body>", () => {
    expect(withReloadScript("<html><body><div></div></body></html>")).toBe(
      `<html><body><div></div><script src="${DEV_RELOAD_SCRIPT_PATH}"></script></body></html>`,
    );
  });

  test.skipIf(testDbKind !== "file")(
    "bun api/dev.ts serves every page with the reload script and the events stream; the production server has neither",
    async () => {
      const proc = Bun.spawn([process.execPath, "api/dev.ts"], {
        cwd: root,
        env: {
          PATH: process.env.PATH ?? "/usr/bin:/bin",
          HOME: process.env.HOME ?? "/tmp",
          PORT: "0",
          SEED_ON_START: "false",
          DATABASE_URL: `file:${join(dir, "dev.db")}`,
          APP_SECRET: "dev-reload-secret-dev-reload-secret-00",
        },
        stdout: "pipe",
        stderr: "pipe",
      });
      try {
        const reader = proc.stdout.getReader();
        let out = "";
        while (!/Dev server on (\S+)/.test(out)) {
          const chunk = await reader.read();
          if (chunk.done) throw new Error(`dev server did not start: ${out}`);
          out += new TextDecoder().decode(chunk.value);
        }
        reader.releaseLock();
        const base = /Dev server on (\S+)/.exec(out)![1]!;
        for (const path of ["/", "/dashboard/extra"]) {
          const response = await fetch(new URL(path, base));
          const page = await response.text();
          expect(response.headers.get("content-type")).toStartWith("text/html");
          expect(page).toContain(`<script src="${DEV_RELOAD_SCRIPT_PATH}"></script></body>`);
          // A web file mid-edit fails the bundle: the page says so, and still reloads itself after the fix.
          if (response.status === 200) expect(page).toContain('<div id="root">');
          else expect(page).toContain("The web build failed");
        }
        expect(await (await fetch(new URL(DEV_RELOAD_SCRIPT_PATH, base))).text()).toContain(DEV_RELOAD_PATH);
        const hello = await readEvents(await fetch(new URL(DEV_RELOAD_PATH, base)), (t) =>
          t.includes("event: hello"),
        );
        expect(hello).toContain("event: hello");
      } finally {
        proc.kill();
        await proc.exited;
      }
      // Never in production: the server and the build do not know it.
      expect(readFileSync(join(root, "api/server.ts"), "utf8")).not.toContain("dev-reload");
      expect(readFileSync(join(root, "api/worker.ts"), "utf8")).not.toContain("dev-reload");
      if (existsSync(join(root, "dist/index.html")))
        expect(readFileSync(join(root, "dist/index.html"), "utf8")).not.toContain("__dev");
    },
    60_000,
  );
});
