import { createFileRoute } from "@tanstack/react-router";
import { ApiDocsPage } from "../features/api-docs/api-docs-page.tsx";

export const Route = createFileRoute("/api-docs")({ component: ApiDocsPage });
