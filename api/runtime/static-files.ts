import { existsSync } from "node:fs";
import { extname, join, normalize } from "node:path";

const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * Serves the built SPA from `dir`: hashed assets cached for a year, index.html revalidated,
 * precompressed .br/.gz variants when the browser accepts them, and index.html for client routes.
 */
export function createStaticHandler(dir: string) {
  const root = normalize(dir);
  const indexPath = join(root, "index.html");

  async function fileResponse(path: string, request: Request, cacheControl: string): Promise<Response> {
    const accept = request.headers.get("accept-encoding") ?? "";
    const type = Bun.file(path).type;
    for (const [encoding, suffix] of [
      ["br", ".br"],
      ["gzip", ".gz"],
    ] as const) {
      if (accept.includes(encoding) && existsSync(path + suffix)) {
        return new Response(Bun.file(path + suffix), {
          headers: {
            "content-type": type,
            "content-encoding": encoding,
            "cache-control": cacheControl,
            vary: "accept-encoding",
          },
        });
      }
    }
    return new Response(Bun.file(path), { headers: { "content-type": type, "cache-control": cacheControl } });
  }

  return async function serveStatic(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const path = normalize(join(root, decodeURIComponent(url.pathname)));
    if (path.startsWith(root) && path !== root && existsSync(path) && extname(path)) {
      const hashed = /-[a-z0-9]{8,}\.\w+$/.test(path);
      return fileResponse(path, request, hashed ? IMMUTABLE : "public, max-age=3600");
    }
    if (!existsSync(indexPath)) {
      return new Response("The web app is not built yet: run `bun run build`.", { status: 503 });
    }
    // Unknown paths fall back to the SPA, whose router shows 'Page Not Found' itself.
    return fileResponse(indexPath, request, "no-cache");
  };
}
