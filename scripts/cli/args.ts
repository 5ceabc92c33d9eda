// One way for every script to read its command line (node:util parseArgs, strict): `--help`/`-h` prints the usage and
// exits 0 before anything runs; an unknown flag, a missing value or a positional the script does not take prints
// what was wrong and the usage and exits 2.
import { type ParseArgsConfig, parseArgs } from "node:util";

type Options = NonNullable<ParseArgsConfig["options"]>;

export interface CliSpec<O extends Options> {
  /** The usage text printed for --help and after a usage error. */
  usage: string;
  options?: O;
  /** How many positional arguments the script takes at most (default 0). */
  maxPositionals?: number;
  argv?: string[];
}

/** Exits 2 with the message and the usage: the command line was wrong, nothing was done. */
export function usageError(message: string, usage: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
}

/** The parsed flags and positionals, or an exit (0 for --help, 2 for a bad command line). */
export function parseCli<O extends Options>(spec: CliSpec<O>) {
  const options = { ...spec.options, help: { type: "boolean", short: "h" } } as O & {
    help: { type: "boolean"; short: "h" };
  };
  let parsed: ReturnType<typeof parseArgs<{ options: typeof options; allowPositionals: true; strict: true }>>;
  try {
    parsed = parseArgs({
      args: spec.argv ?? process.argv.slice(2),
      options,
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    usageError(error instanceof Error ? error.message : String(error), spec.usage);
  }
  if ((parsed.values as { help?: boolean }).help) {
    console.log(spec.usage);
    process.exit(0);
  }
  const max = spec.maxPositionals ?? 0;
  if (parsed.positionals.length > max) {
    usageError(`Unexpected argument: ${parsed.positionals[max]}`, spec.usage);
  }
  return parsed;
}

/** Whether `text` is a real calendar date written YYYY-MM-DD (2023-02-30 is not). */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}
