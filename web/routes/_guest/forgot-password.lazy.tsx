import { createLazyFileRoute } from "@tanstack/react-router";
import { ForgotPasswordPage } from "../../features/auth/forgot-password-page.tsx";

export const Route = createLazyFileRoute("/_guest/forgot-password")({ component: ForgotPasswordPage });
