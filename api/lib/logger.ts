// The app's log, runtime-agnostic (docs/decisions/040-structured-logging.md). The app writes through `Log`
// (level, message, fields); underneath is a `Logger`, the part of pino's API it needs: pino itself on Bun
// (api/runtime/bun-logger.ts), and on Workers, where pino's Node destination does not exist, consoleJsonLogger,
// which writes the same line shape.

/** LOG_LEVEL's values, quietest last: pino's levels. */
export const LOG_LEVELS = ["trace", "debug", "info", "warn", "error", "fatal", "silent"] as const;
export type LogLevelSetting = (typeof LOG_LEVELS)[number];
export type LogLevel = Exclude<LogLevelSetting, "silent">;

/** pino's numbers for its levels, so both writers filter alike. */
export const LEVEL_VALUES: Record<LogLevelSetting, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Number.POSITIVE_INFINITY,
};

/** One log line: the fields first, the message last, as pino's `logger.info(fields, message)`. */
export type LogMethod = (fields: object, message: string) => void;

/** The part of pino's Logger the app writes through; a pino logger is one. */
export type Logger = Record<LogLevel, LogMethod> & { isLevelEnabled(level: LogLevel): boolean };

/** How the app logs: `log("info", "Job finished", { job, durationMs })`. Fields must hold no secrets. */
export type Log = (level: LogLevel, message: string, fields?: Record<string, unknown>) => void;

const NO_FIELDS = {};

/** The app's `Log` over a Logger. */
export function logTo(logger: Logger): Log {
  return (level, message, fields) => logger[level](fields ?? NO_FIELDS, message);
}

const noop: LogMethod = () => {};

/** Writes nothing (tests that do not read the log). */
export const silentLogger: Logger = {
  trace: noop,
  debug: noop,
  info: noop,
  warn: noop,
  error: noop,
  fatal: noop,
  isLevelEnabled: () => false,
};

/**
 * A Logger writing one JSON line per call, in the shape the Bun server's pino writes
 * (`{"level":"info","time":"<ISO>",...fields,"message":"..."}`), to `write` (default: the console method of the
 * level, which Workers Logs file under that level). Levels below `level` are no-ops, as in pino.
 */
export function consoleJsonLogger(
  level: LogLevelSetting,
  write: (level: LogLevel, line: string) => void = writeToConsole,
): Logger {
  const min = LEVEL_VALUES[level];
  const method =
    (name: LogLevel): LogMethod =>
    (fields, message) =>
      write(name, JSON.stringify({ level: name, time: new Date().toISOString(), ...fields, message }));
  const logger = { isLevelEnabled: (name: LogLevel) => LEVEL_VALUES[name] >= min } as Logger;
  for (const name of LOG_LEVELS) {
    if (name !== "silent") logger[name] = LEVEL_VALUES[name] >= min ? method(name) : noop;
  }
  return logger;
}

function writeToConsole(level: LogLevel, line: string) {
  if (level === "warn") console.warn(line);
  else if (level === "error" || level === "fatal") console.error(line);
  else console.log(line);
}
