import { eq } from "drizzle-orm";
import { users } from "../../../db/schema/index.ts";
import type { AppDeps } from "../../lib/context.ts";
import { createUser } from "../auth/auth.service.ts";
import { listUsers, resetUserPassword, setUserActive, setUserAdmin } from "./admin.service.ts";

/** Where a command gets a password: a prompt or standard input, never the command line (decision 019). */
export interface OperatorInput {
  readPassword(prompt: string): Promise<string>;
}

const PASSWORD_NOT_ON_COMMAND_LINE =
  "Passwords are not taken on the command line (shell history and the process list would keep them): " +
  "type it at the prompt, or pipe it on standard input.";

/** Operator commands for `bun scripts/admin.ts`: each answers a line to print, or throws with a reason. */
export async function runOperatorCommand(
  deps: AppDeps,
  command: string,
  args: string[],
  input: OperatorInput,
): Promise<string> {
  const { db } = deps.database;
  const need = (n: number, usage: string) => {
    if (args.length !== n) throw new UsageError(`usage: ${usage}`);
  };
  /** The one argument a password command takes; a second one would be a password typed on the command line. */
  const emailOnly = (usage: string) => {
    if (args.length > 1) throw new UsageError(`${PASSWORD_NOT_ON_COMMAND_LINE}\nusage: ${usage}`);
    need(1, usage);
    return args[0]!;
  };
  const newPassword = async (prompt: string) => {
    const password = await input.readPassword(prompt);
    if (password.length < 8) throw new Error("The password must be at least 8 characters.");
    return password;
  };
  const findUser = async (email: string) => {
    const user = await db.query.users.findFirst({ where: eq(users.email, email.trim().toLowerCase()) });
    if (!user) throw new Error(`No user with email ${email}.`);
    return user;
  };
  switch (command) {
    case "create-admin": {
      const email = emailOnly("create-admin <email>   (password from the prompt or stdin)");
      const password = await newPassword(`Password for the new admin ${email}`);
      const result = await createUser(deps, { email: email.trim().toLowerCase(), password, isAdmin: true });
      if (!result.ok) throw new Error(`${email} already exists; use 'promote ${email}'.`);
      return `Created admin ${result.value.email}.`;
    }
    case "create-user": {
      // How accounts come to exist under REGISTRATION=invite-only (or closed); works whatever the setting.
      // Names go by flag: a positional word after the email could be a password typed out of habit.
      const usage =
        "create-user <email> [--first-name NAME] [--last-name NAME]   (password from the prompt or stdin)";
      const [email, ...rest] = args;
      const names: Record<string, string> = {};
      for (let i = 0; i < rest.length; i += 2) {
        const [flag, value] = [rest[i]!, rest[i + 1]];
        if (flag !== "--first-name" && flag !== "--last-name")
          throw new UsageError(`${PASSWORD_NOT_ON_COMMAND_LINE}\nusage: ${usage}`);
        if (value === undefined) throw new UsageError(`usage: ${usage}`);
        names[flag] = value;
      }
      if (!email) throw new UsageError(`usage: ${usage}`);
      const password = await newPassword(`Password for ${email}`);
      const result = await createUser(deps, {
        email: email.trim().toLowerCase(),
        password,
        firstName: names["--first-name"]?.trim() || null,
        lastName: names["--last-name"]?.trim() || null,
      });
      if (!result.ok) throw new Error(`${email} already exists.`);
      return `Created user ${result.value.email}. Give them the password by a channel you trust; they can change it with 'Reset password'.`;
    }
    case "promote":
    case "demote": {
      need(1, `${command} <email>`);
      const user = await findUser(args[0]!);
      const result = await setUserAdmin(deps, 0, user.id, command === "promote");
      if (!result.ok) throw new Error(result.message);
      return `${user.email} is ${command === "promote" ? "now an admin" : "no longer an admin"}.`;
    }
    case "activate":
    case "deactivate": {
      need(1, `${command} <email>`);
      const user = await findUser(args[0]!);
      const result = await setUserActive(deps, 0, user.id, command === "activate");
      if (!result.ok && result.code === "LAST_ADMIN")
        throw new Error("That is the last active admin; it stays active.");
      return `${user.email} is ${command === "activate" ? "active" : "inactive; their sessions ended and their API key was replaced"}.`;
    }
    case "reset-password": {
      const email = emailOnly("reset-password <email>   (password from the prompt or stdin)");
      const user = await findUser(email);
      const password = await newPassword(`New password for ${user.email}`);
      await resetUserPassword(deps, user.id, password);
      return `Password of ${user.email} reset; their sessions ended and their API key was replaced.`;
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

Works on the database DATABASE_URL names (the embedded file data/app.db by default). Commands that set a
password ask for it at a prompt (typed twice, not shown), or read its first line from standard input when that
is not a terminal; never from the command line:
  printf '%s\\n' "$PASSWORD" | bun scripts/admin.ts create-admin you@example.com

commands:
  create-admin <email>              create an admin account
  create-user <email> [--first-name NAME] [--last-name NAME]
                                    create a regular account (how users join with REGISTRATION=invite-only)
  promote <email>                   make a user an admin
  demote <email>                    make an admin a regular user (never the last active admin)
  activate <email>                  let a user sign in again
  deactivate <email>                stop a user: ends their sessions and replaces their API key
  reset-password <email>            set a new password, end their sessions and replace their API key
  list                              users with role, status and session count
  --help                            this text`;
