import { createLazyFileRoute } from "@tanstack/react-router";
import { ApiDocsPage } from "../features/api-docs/api-docs-page.tsx";

export const Route = createLazyFileRoute("/api-docs")({ component: ApiDocsPage });
