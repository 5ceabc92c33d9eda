import { createFileRoute } from "@tanstack/react-router";
import { FullPageSpinner } from "../components/full-page-spinner.tsx";
import { useCurrentUser } from "../features/auth/require-auth.tsx";
import { DashboardPage } from "../features/dashboard/dashboard-page.tsx";
import { LandingPage } from "../features/landing/landing-page.tsx";

function Home() {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <FullPageSpinner />;
  return user ? <DashboardPage user={user} /> : <LandingPage />;
}

export const Route = createFileRoute("/")({ component: Home });
