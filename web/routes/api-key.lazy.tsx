import { createLazyFileRoute } from "@tanstack/react-router";
import { ApiKeyPage } from "../features/api-key/api-key-page.tsx";

export const Route = createLazyFileRoute("/api-key")({ component: ApiKeyPage });

// Grouped with what most pages share into one chunk (decision 053).
export { SHARED_CHUNK } from "../components/shared-chunk.ts";
