// `bun scripts/admin.ts <command>`: account administration for operators without a browser.
// Passwords come from a prompt or standard input, never from the command line (decision 019).
import { OPERATOR_HELP, runOperatorCommand, UsageError } from "../api/features/admin/operator.service.ts";
import { parseEnv } from "../api/lib/config.ts";
import { buildBunDeps } from "../api/runtime/bun-deps.ts";

/** One line typed at the terminal without echo (stderr shows the prompt, so stdout stays the command's answer). */
function promptHidden(prompt: string): Promise<string> {
  const stdin = process.stdin;
  process.stderr.write(prompt);
  stdin.setRawMode(true);
  stdin.resume();
  return new Promise((resolve, reject) => {
    let typed = "";
    const done = (error?: Error) => {
      stdin.off("data", onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write("\n");
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: Buffer) => {
      for (const char of chunk.toString("utf8")) {
        if (char === "\r" || char === "\n") return done();
        if (char === "\u0003") return done(new Error("Cancelled."));
        if (char === "\u007f" || char === "\b") typed = typed.slice(0, -1);
        else typed += char;
      }
    };
    stdin.on("data", onData);
  });
}

async function readPassword(prompt: string): Promise<string> {
  if (!process.stdin.isTTY) {
    const [line = ""] = (await Bun.stdin.text()).split(/\r?\n/);
    if (!line) throw new Error("No password on standard input (its first line is the password).");
    return line;
  }
  const password = await promptHidden(`${prompt}: `);
  if ((await promptHidden("Once more: ")) !== password) throw new Error("The two passwords differ.");
  return password;
}

const [command, ...args] = process.argv.slice(2);
if (!command || command === "--help" || command === "-h" || command === "help") {
  console.log(OPERATOR_HELP);
  process.exit(command ? 0 : 2);
}
// A flag where the command goes is a wrong command line: say so before the database is opened (or created).
if (command.startsWith("-")) {
  console.error(`Unknown option '${command}'.\n\n${OPERATOR_HELP}`);
  process.exit(2);
}
const deps = await buildBunDeps(parseEnv(process.env));
try {
  console.log(await runOperatorCommand(deps, command, args, { readPassword }));
  process.exitCode = 0;
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  if (error instanceof UsageError) console.error(`\n${OPERATOR_HELP}`);
  process.exitCode = error instanceof UsageError ? 2 : 1;
} finally {
  deps.database.client.close();
}
