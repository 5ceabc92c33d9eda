// The Bun server's log (decisions 040 and 094): the JSON lines the Worker writes too (consoleJsonLogger), one per
// event, `{"level":"info","time":"<ISO>",...fields,"message":"..."}`, on stdout in batches.
import { writeSync } from "node:fs";
import {
  consoleJsonLogger,
  LEVEL_VALUES,
  type Log,
  type Logger,
  type LogLevel,
  type LogLevelSetting,
  logTo,
} from "../lib/logger.ts";

/** Waiting lines are written once this many characters wait, or FLUSH_EVERY_MS after the first. */
const BATCH_CHARS = 16 * 1024;
const FLUSH_EVERY_MS = 100;

export type LineWriter = (level: LogLevel, line: string) => void;

/** Writes a chunk of lines; `atExit`: the process is exiting, so synchronously or not at all. */
export type ChunkWriter = (chunk: string, atExit: boolean) => void;

const toStdout: ChunkWriter = (chunk, atExit) => {
  if (!atExit) process.stdout.write(chunk);
  else {
    try {
      writeSync(1, chunk);
    } catch {
      // stdout closed under an exiting process: nobody is left to read the lines.
    }
  }
};

/**
 * Lines in batches: an access line per request written on its own cost a write each, and pino's formatting and
 * stream about a tenth of a signed-in read (decision 094). Warnings and errors go out at once with what waits
 * before them; the rest within FLUSH_EVERY_MS; whatever waits is written synchronously when the process exits.
 */
export function batchedLines(write: ChunkWriter = toStdout): LineWriter {
  let waiting = "";
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (!waiting) return;
    const chunk = waiting;
    waiting = "";
    write(chunk, false);
  };
  process.on("exit", () => {
    if (waiting) write(waiting, true);
    waiting = "";
  });
  return (level, line) => {
    waiting += `${line}\n`;
    if (waiting.length >= BATCH_CHARS || LEVEL_VALUES[level] >= LEVEL_VALUES.warn) flush();
    else timer ??= setTimeout(flush, FLUSH_EVERY_MS).unref();
  };
}

export interface BunLogger extends Logger {
  readonly level: LogLevelSetting;
  /** The same writer at another level. */
  at(level: LogLevelSetting): Logger;
}

/** The Bun server's logger at `level`, writing to `write` (default: stdout in batches). */
export function bunLogger(level: LogLevelSetting, write: LineWriter = batchedLines()): BunLogger {
  return Object.assign(consoleJsonLogger(level, write), {
    level,
    at: (other: LogLevelSetting) => consoleJsonLogger(other, write),
  });
}

/**
 * Where the start-up line goes: at info whatever LOG_LEVEL says, unless silent. Where the server listens is the one
 * line an operator (and a test or a bench waiting for the port) needs at any level.
 */
export function startupLog(logger: BunLogger): Log {
  if (logger.level === "silent" || logger.isLevelEnabled("info")) return logTo(logger);
  return logTo(logger.at("info"));
}
