import { createLazyFileRoute } from "@tanstack/react-router";
import { RegisterPage } from "../../features/auth/register-page.tsx";

export const Route = createLazyFileRoute("/_guest/register")({ component: RegisterPage });
