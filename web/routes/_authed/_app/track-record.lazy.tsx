import { createLazyFileRoute } from "@tanstack/react-router";
import { TrackRecordPage } from "../../../features/track-record/track-record-page.tsx";

export const Route = createLazyFileRoute("/_authed/_app/track-record")({ component: TrackRecordPage });
export { SIGNED_IN_SHELL } from "../../-components/signed-in-shell.ts";
