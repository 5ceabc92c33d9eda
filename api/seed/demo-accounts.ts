import { and, eq } from "drizzle-orm";
import { jobRuns, users } from "../../db/schema/index.ts";
import { createUser, endAllSessions, newApiKey } from "../features/auth/auth.service.ts";
import type { AppDeps } from "../lib/context.ts";

export interface DemoAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  isAdmin: boolean;
}

/**
 * The demo's accounts, with passwords the README prints: they exist only in demo mode (the demo market on a local
 * file, or DEMO_ACCOUNTS=true), never on a deployment (docs/decisions/019-demo-accounts-and-embedded-writers.md).
 */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
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
];

/** The row in job_runs that says this database had its demo accounts once. */
const SEEDED = { name: "seed-demo-accounts", period: "once" } as const;

/**
 * Creates the demo accounts the first time it runs on a database that has no users yet, and remembers that it did:
 * an account deleted later stays deleted. A database that holds any account is someone's, whatever the settings
 * say, and gets no account with a published password (decision 100). Answers the accounts it created now (with
 * their passwords, to print once).
 */
export async function seedDemoAccounts(deps: AppDeps): Promise<DemoAccount[]> {
  const { db } = deps.database;
  const done = await db.query.jobRuns.findFirst({
    where: and(eq(jobRuns.name, SEEDED.name), eq(jobRuns.period, SEEDED.period)),
    columns: { name: true },
  });
  if (done) return [];
  const anyUser = await db.query.users.findFirst({ columns: { id: true } });
  if (anyUser) return [];
  const created: DemoAccount[] = [];
  for (const account of DEMO_ACCOUNTS) {
    const result = await createUser(deps, account);
    if (result.ok) created.push(account);
  }
  const now = deps.clock.now();
  await db
    .insert(jobRuns)
    .values({
      ...SEEDED,
      startedAt: now,
      finishedAt: now,
      result: JSON.stringify({ created: created.map((a) => a.email) }),
    })
    .onConflictDoNothing();
  return created;
}

/**
 * Outside demo mode, a demo account that still has its published password (a database seeded before demo mode
 * existed, or moved from a local demo to a deployment) loses that password, its sessions and its API key (anyone
 * who signed in with the published password could have read the key): nobody can sign in with it, and an operator
 * can give it a new password with `bun scripts/admin.ts reset-password`. Answers the emails.
 */
export async function retireDemoPasswords(deps: AppDeps): Promise<string[]> {
  const { db } = deps.database;
  const retired: string[] = [];
  for (const account of DEMO_ACCOUNTS) {
    const user = await db.query.users.findFirst({
      where: eq(users.email, account.email),
      columns: { id: true, passwordHash: true },
    });
    if (!user?.passwordHash || !(await deps.passwords.verify(account.password, user.passwordHash))) continue;
    const apiKey = await newApiKey(deps.config.secret);
    await db
      .update(users)
      .set({
        passwordHash: null,
        apiKeyHash: apiKey.hash,
        apiKeyCiphertext: apiKey.ciphertext,
        apiKeyCreatedAt: deps.clock.now(),
      })
      .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash)));
    await endAllSessions(deps, user.id);
    retired.push(account.email);
  }
  return retired;
}
