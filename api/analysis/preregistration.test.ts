import { describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { join } from "node:path";
import { modelFor, SERVED_MODELS } from "../test/served-models.ts";
import { PREREGISTRATION } from "./preregistration.ts";

const root = join(import.meta.dir, "../..");
const doc = () => Bun.file(join(root, "docs/model/preregistration.md")).text();

describe("the pre-registered test of live calls", () => {
  test("the hash in the document is the SHA-256 of the model file that serves live calls", async () => {
    const bytes = new Uint8Array(await Bun.file(join(root, PREREGISTRATION.modelFile)).arrayBuffer());
    const sha256 = createHash("sha256").update(bytes).digest("hex");
    // A retrained model has another hash: this fails until a new registration is written.
    expect(PREREGISTRATION.sha256).toBe(sha256);
    expect(await doc()).toContain(`| SHA-256 | \`${sha256}\` |`);
    expect(await doc()).toContain(`\`${PREREGISTRATION.modelFile}\``);
    // It is the model the registry picks for live dates, from the first registered date on.
    const live = modelFor(PREREGISTRATION.firstDate);
    expect(live?.version).toBe(PREREGISTRATION.modelVersion);
    expect(SERVED_MODELS.at(-1)?.version).toBe(PREREGISTRATION.modelVersion);
    const file = JSON.parse(new TextDecoder().decode(bytes)) as { version: string };
    expect(file.version).toBe(PREREGISTRATION.modelVersion);
  });

  test("the power calculation's figures in the document are the script's, and the arithmetic holds", async () => {
    const p = PREREGISTRATION;
    const text = await doc();
    expect(p.effect).toBe(0.03);
    expect(p.alpha).toBe(0.05);
    expect(p.power).toBe(0.8);
    expect(text).toContain(`standard deviation ${p.measured.sdIc}`);
    expect(text).toContain(`${p.measured.dates} dates from ${p.measured.from} to`);
    expect(text).toContain(`${p.measured.to}**`);
    expect(text).toContain(`mean correlation ${p.measured.meanIc}`);
    expect(text).toContain(`On the ${p.measured.nonOverlapping.dates} non-overlapping dates`);
    expect(text).toContain(`t ${p.measured.nonOverlapping.t}`);
    expect(text).toContain(`= ${p.datesNeededNormal} + 1.353`);
    expect(text).toContain(`${p.datesNeeded} scoring dates`);
    expect(text).toContain(
      `**${p.datesNeeded} non-overlapping dates × ${p.weeksPerDate} weeks = ${p.weeksNeeded} weeks**`,
    );
    expect(text).toContain(`**${p.firstDate}**`);
    // n = ((z_.95 + z_.80) sd / effect)^2 + z_.95^2 / 2, rounded up; weekly calls: 4 weeks a 20-session date.
    const n = ((1.6448536 + 0.8416212) * (p.measured.sdIc / p.effect)) ** 2;
    expect(n).toBeCloseTo(p.datesNeededNormal, 0);
    expect(p.datesNeeded).toBe(Math.ceil(p.datesNeededNormal + 1.6448536 ** 2 / 2));
    expect(p.weeksNeeded).toBe(p.datesNeeded * (p.horizonSessions / 5));
  });

  test("scripts/preregistration-power.ts gives the committed figures again", () => {
    const run = Bun.spawnSync([process.execPath, "scripts/preregistration-power.ts", "--check"], {
      cwd: root,
      stderr: "pipe",
      stdout: "pipe",
    });
    expect(run.stderr.toString()).toBe("");
    expect(run.exitCode).toBe(0);
  }, 120_000);
});
