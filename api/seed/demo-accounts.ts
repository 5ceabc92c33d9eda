import { eq } from "drizzle-orm";
import { users } from "../../db/schema/index.ts";
import { createUser } from "../features/auth/auth.service.ts";
import type { AppDeps } from "../lib/context.ts";

/** Development-only accounts; printed by the seed for local use, never for a real deployment. */
export const DEMO_ACCOUNTS = [
  {
    email: "admin@example.com",
    password: "admin-demo-password",
    firstName: "Avery",
    lastName: "Admin",
    isAdmin: true,
  },
  {
    email: "investor@example.com",
    password: "investor-demo-password",
    firstName: "Ivy",
    lastName: "Investor",
    isAdmin: false,
  },
] as const;

/** Creates the demo accounts that do not exist yet; returns what it created. */
export async function seedDemoAccounts(deps: AppDeps): Promise<string[]> {
  const created: string[] = [];
  for (const account of DEMO_ACCOUNTS) {
    const existing = await deps.database.db.query.users.findFirst({
      where: eq(users.email, account.email),
      columns: { id: true },
    });
    if (existing) continue;
    const result = await createUser(deps, account);
    if (!("kind" in result)) created.push(account.email);
  }
  return created;
}
