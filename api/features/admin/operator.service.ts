import { eq } from "drizzle-orm";
import { users } from "../../../db/schema/index.ts";
import type { AppDeps } from "../../lib/context.ts";
import { createUser, endAllSessions } from "../auth/auth.service.ts";
import { listUsers, setUserActive } from "./admin.service.ts";

/** Operator commands for `bun scripts/admin.ts`: each answers a line to print, or throws with a reason. */
export async function runOperatorCommand(deps: AppDeps, command: string, args: string[]): Promise<string> {
  const { db } = deps.database;
  const need = (n: number, usage: string) => {
    if (args.length !== n) throw new UsageError(`usage: ${usage}`);
  };
  const findUser = async (email: string) => {
    const user = await db.query.users.findFirst({ where: eq(users.email, email.trim().toLowerCase()) });
    if (!user) throw new Error(`No user with email ${email}.`);
    return user;
  };
  switch (command) {
    case "create-admin": {
      need(2, "create-admin <email> <password>");
      const [email, password] = args as [string, string];
      if (password.length < 8) throw new Error("The password must be at least 8 characters.");
      const result = await createUser(deps, { email: email.trim().toLowerCase(), password, isAdmin: true });
      if ("kind" in result) throw new Error(`${email} already exists; use 'promote ${email}'.`);
      return `Created admin ${result.email}.`;
    }
    case "create-user": {
      // How accounts come to exist under REGISTRATION=invite-only (or closed); works whatever the setting.
      if (args.length < 2 || args.length > 4)
        throw new UsageError("usage: create-user <email> <password> [first name] [last name]");
      const [email, password, firstName, lastName] = args as [string, string, string?, string?];
      if (password.length < 8) throw new Error("The password must be at least 8 characters.");
      const result = await createUser(deps, {
        email: email.trim().toLowerCase(),
        password,
        firstName: firstName?.trim() || null,
        lastName: lastName?.trim() || null,
      });
      if ("kind" in result) throw new Error(`${email} already exists.`);
      return `Created user ${result.email}. Give them the password by a channel you trust; they can change it with 'Reset password'.`;
    }
    case "promote":
    case "demote": {
      need(1, `${command} <email>`);
      const user = await findUser(args[0]!);
      if (command === "demote" && user.isAdmin) {
        const admins = (await db.query.users.findMany({ where: eq(users.isAdmin, true) })).filter(
          (u) => u.isActive,
        );
        if (admins.length <= 1 && user.isActive)
          throw new Error("That is the last active admin; promote another first.");
      }
      await db
        .update(users)
        .set({ isAdmin: command === "promote" })
        .where(eq(users.id, user.id));
      return `${user.email} is ${command === "promote" ? "now an admin" : "no longer an admin"}.`;
    }
    case "activate":
    case "deactivate": {
      need(1, `${command} <email>`);
      const user = await findUser(args[0]!);
      const result = await setUserActive(deps, 0, user.id, command === "activate");
      if (result === "last-admin") throw new Error("That is the last active admin; it stays active.");
      return `${user.email} is ${command === "activate" ? "active" : "inactive; their sessions ended"}.`;
    }
    case "reset-password": {
      need(2, "reset-password <email> <password>");
      const user = await findUser(args[0]!);
      if (args[1]!.length < 8) throw new Error("The password must be at least 8 characters.");
      await db
        .update(users)
        .set({ passwordHash: await deps.passwords.hash(args[1]!) })
        .where(eq(users.id, user.id));
      await endAllSessions(deps, user.id);
      return `Password of ${user.email} reset; their sessions ended.`;
    }
    case "list": {
      need(0, "list");
      const { items, total } = await listUsers(deps, { page: 1, pageSize: 200 });
      const lines = items.map(
        (u) =>
          `${String(u.id).padStart(5)}  ${u.isAdmin ? "admin   " : "investor"}  ${u.isActive ? "active  " : "inactive"}  ${String(u.sessionCount).padStart(4)} sessions  ${u.email}`,
      );
      return [
        ...lines,
        `${total} user(s)${total > items.length ? ` (first ${items.length} shown)` : ""}`,
      ].join("\n");
    }
    default:
      throw new UsageError(`Unknown command '${command}'.`);
  }
}

export class UsageError extends Error {}

export const OPERATOR_HELP = `usage: bun scripts/admin.ts <command> [arguments]

Works on the database DATABASE_URL names (the embedded file data/app.db by default).

commands:
  create-admin <email> <password>   create an admin account
  create-user <email> <password> [first] [last]
                                    create a regular account (how users join with REGISTRATION=invite-only)
  promote <email>                   make a user an admin
  demote <email>                    make an admin a regular user (never the last active admin)
  activate <email>                  let a user sign in again
  deactivate <email>                stop a user: ends their sessions and disables their API key
  reset-password <email> <password> set a new password and end their sessions
  list                              users with role, status and session count
  --help                            this text`;
