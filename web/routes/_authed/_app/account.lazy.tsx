import { createLazyFileRoute } from "@tanstack/react-router";
import { AccountPage } from "../../../features/account/account-page.tsx";

export const Route = createLazyFileRoute("/_authed/_app/account")({ component: AccountPage });
export { SIGNED_IN_SHELL } from "../../-components/signed-in-shell.ts";
