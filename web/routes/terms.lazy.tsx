import { createLazyFileRoute } from "@tanstack/react-router";
import { TermsPage } from "../features/landing/legal-page.tsx";

export const Route = createLazyFileRoute("/terms")({ component: TermsPage });
