// The app's log, runtime-agnostic (docs/decisions/040-structured-logging.md, 094). The app writes through `Log`
// (level, message, fields); underneath is a `Logger`: consoleJsonLogger on both runtimes, writing to the console
// on Workers and to stdout in batches on Bun (api/runtime/bun-logger.ts).

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

/** What the app writes through (the shape of pino's API, which the Bun server used before decision 094). */
export type Logger = Record<LogLevel, LogMethod> & { isLevelEnabled(level: LogLevel): boolean };

/** How the app logs: `log("info", "Job finished", { job, durationMs })`. Fields must hold no secrets. */
export type Log = (level: LogLevel, message: string, fields?: Record<string, unknown>) => void;

const NO_FIELDS = {};

/** The app's `Log` over a Logger. */
export function logTo(logger: Logger): Log {
  return (level, message, fields) => logger[level](fields ?? NO_FIELDS, message);
}

const noop: LogMethod = () => {};

/**
 * A Logger writing one JSON line per call, `{"level":"info","time":"<ISO>",...fields,"message":"..."}` (pino's
 * shape, which log tooling reads), to `write` (default: the console method of the level, which Workers Logs file
 * under that level; the Bun server passes stdout in batches). Levels below `level` are no-ops, as in pino.
 */
export function consoleJsonLogger(
  level: LogLevelSetting,
  write: (level: LogLevel, line: string) => void = writeToConsole,
): Logger {
  const min = LEVEL_VALUES[level];
  const method =
    (name: LogLevel): LogMethod =>
    (fields, message) => {
      const time = new Date().toISOString();
      let line: string;
      try {
        line = JSON.stringify({ level: name, time, ...fields, message });
      } catch {
        // A cycle or a BigInt among the fields: the event is still logged, without them.
        line = JSON.stringify({ level: name, time, message, fieldsDropped: "not serializable as JSON" });
      }
      write(name, line);
    };
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

/** A Drizzle query error (DrizzleQueryError): its message holds the statement's parameters, `query` does not. */
function isQueryError(error: object): error is Error & { query: string; params: unknown } {
  return typeof (error as { query?: unknown }).query === "string" && "params" in error;
}

/** One error as a line of text: its class and message, a failed query's statement without its parameters. */
function describe(error: object): string {
  if (!(error instanceof Error)) return String(error);
  const name = error.name === "Error" ? error.constructor.name : error.name;
  const message = isQueryError(error) ? `Failed query: ${error.query}` : error.message;
  return message ? `${name}: ${message}` : name;
}

/**
 * A thrown error as log fields that hold no values of the request: the error (class and message), its causes (the
 * driver's error is the last) and, with `stack`, the stack frames without the message. A failed query's parameters
 * (password and token hashes, emails...) are in its message; only the statement text is kept.
 */
export function errorFields(
  error: unknown,
  { stack = false }: { stack?: boolean } = {},
): { error: string; cause?: string[]; stack?: string } {
  if (!error || typeof error !== "object") return { error: String(error) };
  const causes: string[] = [];
  for (let cause = (error as { cause?: unknown }).cause; cause && causes.length < 8; ) {
    causes.push(typeof cause === "object" ? describe(cause) : String(cause));
    cause = typeof cause === "object" ? (cause as { cause?: unknown }).cause : undefined;
  }
  const frames =
    stack && error instanceof Error ? error.stack?.split("\n").filter((l) => /^\s+at /.test(l)) : [];
  return {
    error: describe(error),
    ...(causes.length > 0 ? { cause: causes } : {}),
    ...(frames && frames.length > 0 ? { stack: frames.map((l) => l.trim()).join("\n") } : {}),
  };
}
