import { createFileRoute } from "@tanstack/react-router";
import { ApiKeyPage } from "../features/api-key/api-key-page.tsx";

export const Route = createFileRoute("/api-key")({ component: ApiKeyPage });
