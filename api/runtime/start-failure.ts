import { writeSync } from "node:fs";
import { ConfigError } from "../lib/config.ts";
import { errorFields } from "../lib/logger.ts";

/**
 * Ends a start that cannot go on with one line on stderr and exit code 1: a bad setting names its variables, any
 * other failure says what it was (without a stack: an operator acts on the sentence). A log-shaped JSON line when
 * stderr is not a terminal (a container's log collector), plain text on a terminal.
 */
export function stopStart(error: unknown): never {
  const said = error instanceof ConfigError ? error.message : errorFields(error).error;
  const message = `Signalboard did not start: ${said}`;
  const line = process.stderr.isTTY
    ? message
    : JSON.stringify({
        level: "fatal",
        time: new Date().toISOString(),
        ...(error instanceof ConfigError ? { variables: error.variables } : {}),
        message,
      });
  // Synchronously: the process exits on the next line.
  writeSync(2, `${line}\n`);
  process.exit(1);
}
