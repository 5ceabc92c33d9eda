// `bun scripts/build-index-membership.ts`: joins data/companies/sp500-membership-intervals.csv and
// ticker-renames.csv into api/analysis/index-membership.json, the point-in-time membership the app and the model
// scripts read (api/analysis/index-membership.ts). Deterministic: the same files give the same JSON.
import { join } from "node:path";
import { buildMembership } from "../api/analysis/index-membership.ts";
import { parseCli } from "./cli/args.ts";

parseCli({
  usage: `usage: bun scripts/build-index-membership.ts

Rewrites api/analysis/index-membership.json from data/companies/sp500-membership-intervals.csv and
data/companies/ticker-renames.csv. Takes no arguments.`,
});

/** The membership source's last day (data/README.md): an open spell means "still a member then". */
const SOURCE_AS_OF = "2025-11-16";
const dir = join(import.meta.dir, "../data/companies");
const membership = buildMembership(
  {
    intervalsCsv: await Bun.file(join(dir, "sp500-membership-intervals.csv")).text(),
    renamesCsv: await Bun.file(join(dir, "ticker-renames.csv")).text(),
  },
  SOURCE_AS_OF,
);
const lines = Object.entries(membership.spells).map(([t, s]) => `${JSON.stringify(t)}:${JSON.stringify(s)}`);
await Bun.write(
  join(import.meta.dir, "../api/analysis/index-membership.json"),
  `{"asOf":${JSON.stringify(membership.asOf)},"spells":{\n${lines.join(",\n")}\n}}\n`,
);
console.log(`Wrote ${lines.length} tickers' spells to api/analysis/index-membership.json.`);
