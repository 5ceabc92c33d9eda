import { createLazyFileRoute } from "@tanstack/react-router";
import { lazy, Suspense } from "react";
import { FullPageSpinner } from "../components/full-page-spinner.tsx";
import { LandingPage } from "../features/landing/landing-page.tsx";

// Loaded only for a signed-in user: the landing page carries neither the header nor the dashboard.
const SignedInHome = lazy(() =>
  import("./-components/signed-in-home.tsx").then((m) => ({ default: m.SignedInHome })),
);

function Home() {
  const { user } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  if (!user) return <LandingPage />;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <SignedInHome user={user} search={search} onSearchChange={(next) => void navigate({ search: next })} />
    </Suspense>
  );
}

export const Route = createLazyFileRoute("/")({ component: Home });
