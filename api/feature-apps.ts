// A Worker's first request to a feature is answered by an app holding that feature's routes alone, so the isolate
// loads only the modules that feature needs. Every path a feature owns answers as the whole app answers it.
import { answerMissesAndErrors, appShell } from "./app-shell.ts";
import { FEATURE_ROUTES, type FeatureName, ownedPaths } from "./feature-routes.ts";
import type { AppDeps } from "./lib/context.ts";

const NAMES = Object.keys(FEATURE_ROUTES) as FeatureName[];

/**
 * The features owning a path (the URL's pathname as sent), in createApp's order: none, one, or several sharing a
 * mount (auth and oauth under /api/auth).
 */
export function featuresOwning(pathname: string): FeatureName[] {
  return NAMES.filter((name) => ownedPaths(name).some((p) => pathname === p || pathname.startsWith(`${p}/`)));
}

/** An app with the every-request layers and these features' routes, answering misses and errors as createApp does. */
export async function featureApp(deps: AppDeps, names: readonly FeatureName[]) {
  const app = appShell(deps);
  const routers = await Promise.all(names.map((name) => FEATURE_ROUTES[name].routes()));
  for (const [i, name] of names.entries()) app.route(FEATURE_ROUTES[name].mountedAt, routers[i]!);
  answerMissesAndErrors(app);
  return app;
}
