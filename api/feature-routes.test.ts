import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { featureApp, featuresOwning } from "./feature-apps.ts";
import { FEATURE_ROUTES, type FeatureName, ownedPaths } from "./feature-routes.ts";
import { startTestApp, type TestApp } from "./test/harness.ts";

// The whole app and a Worker's one-feature apps mount from one list (feature-routes.ts): each feature's routes
// must be in createApp, and a path a feature owns must be answered by no router outside it.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const routesOf = (app: { routes: readonly { method: string; path: string }[] }) =>
  new Set(app.routes.filter((r) => r.method !== "ALL").map((r) => `${r.method} ${r.path}`));

describe("the features' one list", () => {
  test("createApp mounts every feature of the list", async () => {
    const whole = routesOf(t.app);
    for (const name of Object.keys(FEATURE_ROUTES) as FeatureName[]) {
      const { mountedAt, routes } = FEATURE_ROUTES[name];
      const own = [...routesOf(await routes())];
      expect(own.length, name).toBeGreaterThan(0);
      for (const route of own) {
        const [method, path] = route.split(" ");
        expect(whole.has(`${method} ${mountedAt}${path === "/" ? "" : path}`), `${name}: ${route}`).toBe(
          true,
        );
      }
    }
  });

  test("a feature's app holds every route of the whole app under the paths it owns, and no other", async () => {
    const whole = [...routesOf(t.app)];
    const groups = new Map<string, FeatureName[]>();
    for (const name of Object.keys(FEATURE_ROUTES) as FeatureName[]) {
      const owners = featuresOwning(ownedPaths(name)[0]!);
      groups.set(owners.join(" "), owners);
    }
    expect([...groups.keys()]).toContain("auth oauth");
    for (const owners of groups.values()) {
      const app = await featureApp(t.deps, owners);
      const owned = whole.filter((route) => {
        const path = route.split(" ")[1]!;
        return featuresOwning(path).join(" ") === owners.join(" ");
      });
      // The every-request layers (`/api/*`) are the shell's, in both apps.
      const routes = (list: string[]) => list.filter((r) => !r.endsWith("/*")).sort();
      expect(routes([...routesOf(app)]), owners.join(" ")).toEqual(routes(owned));
    }
  });
});
