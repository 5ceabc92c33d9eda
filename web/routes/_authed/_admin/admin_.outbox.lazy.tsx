import { createLazyFileRoute } from "@tanstack/react-router";
import { MailOutboxPage } from "../../../features/admin/mail-outbox-page.tsx";

export const Route = createLazyFileRoute("/_authed/_admin/admin_/outbox")({ component: MailOutboxPage });
export { SIGNED_IN_SHELL } from "../../-components/signed-in-shell.ts";
