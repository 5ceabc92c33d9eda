import { createFileRoute } from "@tanstack/react-router";
import { RequireAuth } from "../features/auth/require-auth.tsx";
import { TrackRecordPage } from "../features/track-record/track-record-page.tsx";

export const Route = createFileRoute("/track-record")({
  component: () => <RequireAuth>{(user) => <TrackRecordPage user={user} />}</RequireAuth>,
});
