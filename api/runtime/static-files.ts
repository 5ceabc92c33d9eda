import { existsSync, statSync } from "node:fs";
import { resolve, sep } from "node:path";
import { setSpaSecurityHeaders } from "../lib/security-headers.ts";
import { jsonResponse, MALFORMED_URL } from "../lib/shell-responses.ts";
import {
  ASSET_NOT_FOUND,
  isAssetLikePath,
  isPrivateBuildFile,
  spaDocumentFileFor,
  spaDocumentFor,
} from "../lib/static-paths.ts";

const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * Serves the built SPA from `dir`: hashed assets cached for a year, index.html revalidated,
 * precompressed .br/.gz variants when the browser accepts them, index.html for client routes, 404 for a missing
 * file, and the SPA's security headers on everything (decision note 020).
 */
export function createStaticHandler(dir: string) {
  const root = resolve(dir);
  const indexPath = resolve(root, "index.html");

  /**
   * The file under root that `pathname` names: a path, "outside" (containment by resolved path plus separator, so a
   * sibling `dist-backup` is outside too), "private" (never served) or "missing".
   */
  function fileFor(pathname: string): string | "outside" | "private" | "missing" {
    const path = resolve(root, `.${pathname}`);
    if (path === root) return "missing";
    if (!path.startsWith(root + sep)) return "outside";
    const relative = path
      .slice(root.length + 1)
      .split(sep)
      .join("/");
    if (isPrivateBuildFile(relative)) return "private";
    return existsSync(path) && statSync(path).isFile() ? path : "missing";
  }

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

  async function respond(request: Request): Promise<Response> {
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(request.url).pathname);
    } catch {
      return jsonResponse(MALFORMED_URL, 400);
    }
    if (pathname.includes("\0")) return jsonResponse(MALFORMED_URL, 400);
    const file = fileFor(pathname);
    if (file === "outside" || file === "private") return jsonResponse(ASSET_NOT_FOUND, 404);
    if (file !== "missing") {
      const hashed = /-[a-z0-9]{8,}\.\w+$/.test(file);
      return fileResponse(file, request, hashed ? IMMUTABLE : "public, max-age=3600");
    }
    if (isAssetLikePath(pathname)) return jsonResponse(ASSET_NOT_FOUND, 404);
    if (!existsSync(indexPath)) {
      return new Response("The web app is not built yet: run `bun run build`.", { status: 503 });
    }
    // Unknown client routes fall back to the SPA, whose router shows 'Page Not Found' itself.
    const document = [spaDocumentFileFor(pathname), spaDocumentFor(pathname)]
      .map((file) => resolve(root, `.${file}`))
      .find((file) => existsSync(file));
    return fileResponse(document ?? indexPath, request, "no-cache");
  }

  /** `https`: the client reached us over TLS (the shell decides, from the URL or a trusted proxy), for HSTS. */
  return async function serveStatic(request: Request, https = false): Promise<Response> {
    const response = await respond(request);
    setSpaSecurityHeaders(response.headers, https);
    return response;
  };
}
