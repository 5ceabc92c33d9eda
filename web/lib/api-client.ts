import { hc } from "hono/client";
import type { AppType } from "../../api/app.ts";
import { getStoredToken } from "./auth-token.ts";

/**
 * The one typed RPC client: every request and response type comes from the API's routes. Cookies are always
 * sent; a bearer header is added when a token is stored, for clients that signed in with one.
 */
export const api = hc<AppType>(typeof window === "undefined" ? "http://localhost/" : window.location.origin, {
  init: { credentials: "include" },
  headers: (): Record<string, string> => {
    const token = getStoredToken();
    return token ? { authorization: `Bearer ${token}` } : {};
  },
});
