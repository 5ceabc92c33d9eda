import { createLazyFileRoute } from "@tanstack/react-router";
import { ApiKeyPage } from "../features/api-key/api-key-page.tsx";

export const Route = createLazyFileRoute("/api-key")({ component: ApiKeyPage });
