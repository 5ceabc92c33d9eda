import { createLazyFileRoute } from "@tanstack/react-router";
import { LatestRecommendationsTab } from "../../../features/recommendations/latest-recommendations-tab.tsx";

export const Route = createLazyFileRoute("/_authed/_app/dashboard/")({ component: LatestRecommendationsTab });
