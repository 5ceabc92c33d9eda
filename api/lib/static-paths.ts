// What the static side answers for a path neither the API nor a file claims; shared by the Bun server's static
// handler and the Worker (whose assets come from Cloudflare). Runtime-agnostic. Decision note 020.

/**
 * A path that names a file (its last segment has an extension, or it is under /assets/): when no such file exists
 * the answer is 404, not the SPA's index.html, so a stale chunk or a missing favicon is not "successfully" HTML.
 * Client routes (/dashboard, /signin) have no extension.
 */
export function isAssetLikePath(pathname: string): boolean {
  if (pathname.startsWith("/assets/")) return true;
  const last = pathname.slice(pathname.lastIndexOf("/") + 1);
  return /\.[^.]+$/.test(last);
}

/**
 * Files in dist/ that are never served: dotfiles, Cloudflare's `_headers`, and source maps (the build keeps those
 * outside dist/; refusing them here too keeps a stray one private).
 */
export function isPrivateBuildFile(relativePath: string): boolean {
  if (relativePath.endsWith(".map")) return true;
  return relativePath
    .split("/")
    .some((segment) => segment.startsWith(".") || segment === "_headers" || segment === "_redirects");
}

export const ASSET_NOT_FOUND = { message: "Not found.", code: "NOT_FOUND" } as const;

/**
 * The page a client route is answered with: the dashboard's addresses get dashboard.html, index.html with the
 * code of the dashboard's first paint preloaded beside the entry (scripts/build.ts, decision 149); every other
 * route gets index.html, so the landing page fetches none of it.
 */
export function spaDocumentFor(pathname: string): "/dashboard.html" | "/index.html" {
  return pathname === "/dashboard" || pathname.startsWith("/dashboard/") ? "/dashboard.html" : "/index.html";
}

/**
 * The file the Bun server answers a client route with: spaDocumentFor's, but the historical tab's own document for
 * its address (dashboard.html with the tab's code preloaded and an early script that asks for its first answer,
 * decision 157). Cloudflare's assets find that file by its name (`/dashboard/historical` is
 * `dashboard/historical.html`) before the Worker runs, so the Worker's fallback keeps spaDocumentFor's.
 */
export function spaDocumentFileFor(
  pathname: string,
): "/dashboard/historical.html" | "/dashboard.html" | "/index.html" {
  return pathname === "/dashboard/historical" || pathname === "/dashboard/historical/"
    ? "/dashboard/historical.html"
    : spaDocumentFor(pathname);
}
