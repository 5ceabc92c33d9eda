// `bun scripts/admin.ts <command>`: account administration for operators without a browser.
import { OPERATOR_HELP, runOperatorCommand, UsageError } from "../api/features/admin/operator.service.ts";
import { parseEnv } from "../api/lib/config.ts";
import { buildBunDeps } from "../api/runtime/bun-deps.ts";

const [command, ...args] = process.argv.slice(2);
if (!command || command === "--help" || command === "-h" || command === "help") {
  console.log(OPERATOR_HELP);
  process.exit(command ? 0 : 2);
}
const deps = await buildBunDeps(parseEnv(process.env));
try {
  console.log(await runOperatorCommand(deps, command, args));
  process.exitCode = 0;
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  if (error instanceof UsageError) console.error(`\n${OPERATOR_HELP}`);
  process.exitCode = error instanceof UsageError ? 2 : 1;
} finally {
  deps.database.client.close();
}
