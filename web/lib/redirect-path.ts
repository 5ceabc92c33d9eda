/**
 * The page to open after sign-in, from a `redirect` search value: a path on this site only, or null. Refused: a
 * non-string, anything not starting with exactly one "/" (absolute URLs, `//host` protocol-relative ones, bare
 * paths), backslashes (browsers read `/\\host` as `//host`), control characters and whitespace (`/\t/host`),
 * anything the URL parser resolves off this origin, and any path that starts with `//` or `/\\` once resolved
 * (`/.//host`, `/%2e//host`). The sign-in and registration pages themselves are refused too:
 * going back there after signing in would be a loop.
 */
export function safeRedirectPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length > 2000) return null;
  if (!value.startsWith("/") || value.startsWith("//")) return null;
  // Backslashes, whitespace and control characters: browsers drop or rewrite them before resolving.
  if (/[\\\s]/.test(value) || [...value].some((ch) => ch.charCodeAt(0) < 0x20 || ch === "\u007f"))
    return null;
  const base = "http://same-origin.invalid";
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  // What the caller gets is the resolved path, and resolving can make a new "//": `/.//host`, `/..//host` and
  // `/%2e//host` all resolve to `//host`, which a browser reads as another host. Checked after resolving.
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (path.startsWith("//") || path.startsWith("/\\")) return null;
  if (/^\/(signin|register|forgot-password)(\/|$)/.test(url.pathname)) return null;
  return path;
}
