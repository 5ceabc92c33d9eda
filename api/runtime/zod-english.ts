// The Worker's "zod" (scripts/build-worker.ts, decisions 119 and 158): zod's classic API with English messages only.
// zod's `z` namespace carries `locales` (every language's messages, ~366 KB) and `core` (which carries them too), and
// @hono/zod-openapi hands `z` to its OpenAPI extension as a value, so a bundler keeps the whole namespace. Here `z` is
// the namespace of ./zod-english-members.ts, which re-exports from "zod/v4" (the plugin, an exact match on "zod",
// leaves it alone) every member but those two: English is zod's default locale, registered by its schemas on first
// use, so every message stays the same.
import * as z from "./zod-english-members.ts";

export { z };
export default z;
export * from "zod/v4";
