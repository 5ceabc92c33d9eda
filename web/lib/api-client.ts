import { hc } from "hono/client";
import type { AppType } from "../../api/app.ts";
import { authHeaders } from "./auth-token.ts";
import { fetchTakingEarlyAnswers } from "./early-answers.ts";

/**
 * The one typed RPC client: every request and response type comes from the API's routes. Cookies are always
 * sent; a bearer header is added when a token is stored, for clients that signed in with one. A request a page's
 * early script already made is answered by it (early-answers.ts).
 */
export const api = hc<AppType>(typeof window === "undefined" ? "http://localhost/" : window.location.origin, {
  init: { credentials: "include" },
  headers: authHeaders,
  fetch: fetchTakingEarlyAnswers,
});
