// pino for the Bun server and scripts (docs/decisions/040-structured-logging.md): one JSON line per event on
// stdout, `{"level":"info","time":"<ISO>",...fields,"message":"..."}`, the shape the Worker's consoleJsonLogger
// writes too.
import pino, { type DestinationStream } from "pino";
import { type Log, type LogLevelSetting, logTo } from "../lib/logger.ts";

/**
 * A pino logger at `level` writing to `destination` (default: stdout through pino's asynchronous destination, so
 * a request never waits on the pipe; pino flushes it when the process exits).
 */
export function bunLogger(
  level: LogLevelSetting,
  destination: DestinationStream = pino.destination({ dest: 1, sync: false }),
): pino.Logger {
  return pino(
    {
      level,
      // No pid or hostname: one process per container, and the Worker's lines have neither.
      base: null,
      messageKey: "message",
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
}

/**
 * Where the start-up line goes: at info whatever LOG_LEVEL says, unless silent. Where the server listens is the one
 * line an operator (and a test or a bench waiting for the port) needs at any level.
 */
export function startupLog(logger: pino.Logger): Log {
  if (logger.level === "silent" || logger.isLevelEnabled("info")) return logTo(logger);
  return logTo(logger.child({}, { level: "info" }));
}
