import type { CurrentUser } from "../../lib/current-user.queries.ts";
import type { DashboardSearch } from "./dashboard-search.ts";
import { DashboardView } from "./dashboard-view.tsx";
import { SignedInFrame } from "./signed-in-frame.tsx";

/** "/" for a signed-in user: the dashboard in the signed-in frame. Its own chunk, which the landing page never loads. */
export function SignedInHome(props: {
  user: CurrentUser;
  search: DashboardSearch;
  onSearchChange: (search: DashboardSearch) => void;
}) {
  return (
    <SignedInFrame user={props.user}>
      <DashboardView search={props.search} onSearchChange={props.onSearchChange} />
    </SignedInFrame>
  );
}

// Grouped with what most pages share into one chunk (decision 053).
export { SHARED_CHUNK } from "../../components/shared-chunk.ts";
