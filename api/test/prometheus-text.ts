import { expect } from "bun:test";

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Scrape {
  /** TYPE of each metric family. */
  types: Map<string, string>;
  samples: Sample[];
}

const NAME = "[a-zA-Z_:][a-zA-Z0-9_:]*";
const SAMPLE = new RegExp(`^(${NAME})(?:\\{(.*)\\})? (\\S+)$`);
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"(,|$)/y;
const VALUE = /^(?:[+-]?(?:\d+\.?\d*(?:[eE][+-]?\d+)?|\.\d+)|[+-]Inf|NaN)$/;

function parseValue(text: string): number {
  expect(text).toMatch(VALUE);
  return text.endsWith("Inf") ? (text.startsWith("-") ? -Infinity : Infinity) : Number(text);
}

function parseLabels(text: string): Record<string, string> {
  const labels: Record<string, string> = {};
  LABEL.lastIndex = 0;
  while (LABEL.lastIndex < text.length) {
    const start = LABEL.lastIndex;
    const match = LABEL.exec(text);
    if (!match) throw new Error(`malformed labels at ${start}: {${text}}`);
    const [, key, raw] = match as unknown as [string, string, string];
    expect(labels[key]).toBeUndefined();
    labels[key] = raw.replace(/\\(.)/g, (_, c: string) => (c === "n" ? "\n" : c));
  }
  return labels;
}

/**
 * A strict reading of the Prometheus text format 0.0.4: every line a HELP, a TYPE or a sample of a family typed
 * before it; numbers as Go writes them; no series twice; histogram buckets cumulative with +Inf equal to _count.
 */
export function parsePrometheusText(text: string): Scrape {
  expect(text.endsWith("\n")).toBe(true);
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  const seen = new Set<string>();
  for (const line of text.slice(0, -1).split("\n")) {
    const meta = /^# (HELP|TYPE) (\S+) (.*)$/.exec(line);
    if (meta) {
      const [, kind, name, rest] = meta as unknown as [string, string, string, string];
      expect(name).toMatch(new RegExp(`^${NAME}$`));
      if (kind === "TYPE") {
        expect(["counter", "gauge", "histogram", "summary", "untyped"]).toContain(rest);
        expect(types.has(name)).toBe(false);
        types.set(name, rest);
      }
      continue;
    }
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`not a Prometheus text line: ${line}`);
    const [, name, labelText, valueText] = match as unknown as [string, string, string | undefined, string];
    const family = types.has(name) ? name : name.replace(/_(bucket|sum|count)$/, "");
    const type = types.get(family);
    if (!type) throw new Error(`sample before its TYPE: ${line}`);
    if (family !== name) expect(type).toBe("histogram");
    const key = `${name}{${labelText ?? ""}}`;
    expect(seen.has(key)).toBe(false);
    seen.add(key);
    samples.push({ name, labels: parseLabels(labelText ?? ""), value: parseValue(valueText) });
  }
  for (const [family, type] of types) if (type === "histogram") checkHistogram(family, samples);
  return { types, samples };
}

function checkHistogram(family: string, samples: Sample[]) {
  const withoutLe = ({ le: _, ...rest }: Record<string, string>) => JSON.stringify(rest);
  const counts = samples.filter((s) => s.name === `${family}_count`);
  for (const count of counts) {
    const series = withoutLe(count.labels);
    const buckets = samples.filter((s) => s.name === `${family}_bucket` && withoutLe(s.labels) === series);
    const values = buckets.map((b) => b.value);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(buckets.at(-1)?.labels.le).toBe("+Inf");
    expect(buckets.at(-1)?.value).toBe(count.value);
    expect(samples.some((s) => s.name === `${family}_sum` && withoutLe(s.labels) === series)).toBe(true);
  }
}

/** The value of the one sample named `name` whose labels include `labels`; undefined when there is none. */
export function sampleValue(
  scrape: Scrape,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const found = scrape.samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  expect(found.length).toBeLessThanOrEqual(1);
  return found[0]?.value;
}
