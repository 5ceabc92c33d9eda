// Trusted Types (decision note 087). The page's CSP requires them for every script sink and allows one policy,
// `default`, which the browser consults whenever a plain string is written to a sink. It lets through only HTML
// without markup (no `<`: the parser makes nothing but text of it), which is all the libraries write: Mantine
// and Scalar put CSS into `<style>` elements through innerHTML. Markup, script text and script URLs are refused,
// so an injected `innerHTML = '<img onerror=...>'` throws. Loaded first by the SPA (main.tsx) and, built on its
// own, by the API reference page.
// zod probes for `new Function` (a script sink, reported as a violation even though the probe's throw is caught)
// to compile object parsers; `jitless` skips the probe. zod keeps that setting on globalThis, shared by every copy
// of zod on the page (Scalar bundles its own), and keeps an object found there. Set here rather than through
// `z.config`, which would pull zod into the landing page (decision 078). The CSP test fails if zod renames it.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

interface TrustedTypesFactory {
  createPolicy(name: "default", rules: { createHTML(html: string): string | null }): unknown;
}

const markupFree = (html: string) => (html.includes("<") ? null : html);

(globalThis as { trustedTypes?: TrustedTypesFactory }).trustedTypes?.createPolicy("default", {
  createHTML: markupFree,
});
