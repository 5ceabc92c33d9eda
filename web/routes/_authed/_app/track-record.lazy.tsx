import { createLazyFileRoute } from "@tanstack/react-router";
import { TrackRecordPage } from "../../../features/track-record/track-record-page.tsx";

export const Route = createLazyFileRoute("/_authed/_app/track-record")({ component: TrackRecordPage });

// Grouped with what most pages share into one chunk (decision 053).
export { SHARED_CHUNK } from "../../../components/shared-chunk.ts";
