import { createFileRoute } from "@tanstack/react-router";
import { RouteError } from "../../../components/route-error.tsx";

/** The dashboard's layout: its tabs are the routes below (/dashboard is Latest, decision 074). */
export const Route = createFileRoute("/_authed/_app/dashboard")({ errorComponent: RouteError });
