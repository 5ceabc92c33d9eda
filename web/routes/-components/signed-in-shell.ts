import { LatestRecommendationsTab } from "../../features/recommendations/latest-recommendations-tab.tsx";
import { DashboardFrame } from "./dashboard-frame.tsx";
import { SignedInFrame } from "./signed-in-frame.tsx";

/**
 * What /dashboard draws first: the signed-in header, the tab strip and the Latest tab. Every lazily loaded
 * signed-in route re-exports this (`export { SIGNED_IN_SHELL } from ...`), so all of them reach the same modules
 * and Bun's splitter, which makes one chunk per set of importers, puts the shell in one file instead of some forty
 * of a few hundred bytes; the build preloads that file from dashboard.html (decision 149).
 */
export const SIGNED_IN_SHELL = { SignedInFrame, DashboardFrame, LatestRecommendationsTab };
