import { createFileRoute } from "@tanstack/react-router";
import { AdminPage } from "../features/admin/admin-page.tsx";
import { RequireAuth } from "../features/auth/require-auth.tsx";

export const Route = createFileRoute("/admin")({
  component: () => <RequireAuth adminOnly>{(user) => <AdminPage user={user} />}</RequireAuth>,
});
