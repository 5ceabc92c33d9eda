import { hc } from "hono/client";
import type { AppType } from "../../api/app.ts";

/** The one typed RPC client: every request and response type comes from the API's routes. */
export const api = hc<AppType>("/");
