import { createFileRoute } from "@tanstack/react-router";
import { RouteError } from "../../../components/route-error.tsx";

/** The insights page's layout: Analyze Stock at /insights, Analysis History at /insights/history (decision 074). */
export const Route = createFileRoute("/_authed/_app/insights")({ errorComponent: RouteError });
