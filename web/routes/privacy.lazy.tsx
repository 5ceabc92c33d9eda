import { createLazyFileRoute } from "@tanstack/react-router";
import { PrivacyPage } from "../features/landing/legal-page.tsx";

export const Route = createLazyFileRoute("/privacy")({ component: PrivacyPage });
