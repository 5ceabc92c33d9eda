import { createLazyFileRoute } from "@tanstack/react-router";
import { TrackRecordPage } from "../features/track-record/track-record-page.tsx";
import { PublicFrame } from "./-components/public-frame.tsx";
import { SignedInFrame } from "./-components/signed-in-frame.tsx";

/** One page for both: in the app's frame for a signed-in person, in the public frame for a visitor. */
function TrackRecord() {
  const { user } = Route.useRouteContext();
  return user ? (
    <SignedInFrame user={user}>
      <TrackRecordPage />
    </SignedInFrame>
  ) : (
    <PublicFrame>
      <TrackRecordPage />
    </PublicFrame>
  );
}

export const Route = createLazyFileRoute("/track-record")({ component: TrackRecord });
