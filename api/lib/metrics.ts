// A small Prometheus registry: counters and histograms in the text exposition format 0.0.4, nothing more.
// prom-client needs Node's cluster, v8 and perf_hooks (the Worker bundle has none of them) and brings
// process collectors this app does not expose (decision 088).

type Labels = Record<string, string>;

/** The exposition's content type (Prometheus text format 0.0.4). */
export const PROMETHEUS_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

const escapeLabel = (value: string) =>
  value.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");
const escapeHelp = (value: string) => value.replace(/\\/g, "\\\\").replace(/\n/g, "\\n");

function labelText(labels: Labels, extra?: [string, string]): string {
  const pairs = Object.entries(labels);
  if (extra) pairs.push(extra);
  return pairs.length ? `{${pairs.map(([k, v]) => `${k}="${escapeLabel(v)}"`).join(",")}}` : "";
}

/** Prometheus writes numbers as Go does: +Inf, -Inf, NaN, else the shortest decimal. */
export function formatValue(value: number): string {
  if (Number.isNaN(value)) return "NaN";
  if (value === Number.POSITIVE_INFINITY) return "+Inf";
  if (value === Number.NEGATIVE_INFINITY) return "-Inf";
  return String(value);
}

const header = (name: string, help: string, type: string) =>
  `# HELP ${name} ${escapeHelp(help)}\n# TYPE ${name} ${type}\n`;

/** Series of one metric, keyed by their label values in the metric's label order. */
class Series<T> {
  private readonly byKey = new Map<string, { labels: Labels; value: T }>();
  constructor(
    private readonly labelNames: readonly string[],
    private readonly initial: () => T,
  ) {}

  of(labels: Labels): T {
    const key = this.labelNames.map((name) => labels[name] ?? "").join("\u0000");
    let series = this.byKey.get(key);
    if (!series) {
      const ordered = Object.fromEntries(this.labelNames.map((name) => [name, labels[name] ?? ""]));
      series = { labels: ordered, value: this.initial() };
      this.byKey.set(key, series);
    }
    return series.value;
  }

  all() {
    return this.byKey.values();
  }
}

export class Counter<L extends string = string> {
  private readonly series: Series<{ n: number }>;
  constructor(
    readonly name: string,
    private readonly help: string,
    labelNames: readonly L[] = [],
  ) {
    this.series = new Series(labelNames, () => ({ n: 0 }));
  }

  inc(labels: Record<L, string>, by = 1): void {
    this.series.of(labels).n += by;
  }

  render(): string {
    let text = header(this.name, this.help, "counter");
    for (const { labels, value } of this.series.all()) {
      text += `${this.name}${labelText(labels)} ${formatValue(value.n)}\n`;
    }
    return text;
  }
}

export class Histogram<L extends string = string> {
  private readonly series: Series<{ buckets: number[]; sum: number; count: number }>;
  constructor(
    readonly name: string,
    private readonly help: string,
    labelNames: readonly L[],
    /** Upper bounds, ascending; +Inf is added. */
    private readonly bounds: readonly number[],
  ) {
    this.series = new Series(labelNames, () => ({ buckets: bounds.map(() => 0), sum: 0, count: 0 }));
  }

  observe(labels: Record<L, string>, value: number): void {
    const series = this.series.of(labels);
    const bucket = this.bounds.findIndex((bound) => value <= bound);
    if (bucket !== -1) series.buckets[bucket]!++;
    series.sum += value;
    series.count++;
  }

  render(): string {
    let text = header(this.name, this.help, "histogram");
    for (const { labels, value } of this.series.all()) {
      let cumulative = 0;
      this.bounds.forEach((bound, i) => {
        cumulative += value.buckets[i]!;
        text += `${this.name}_bucket${labelText(labels, ["le", formatValue(bound)])} ${cumulative}\n`;
      });
      text += `${this.name}_bucket${labelText(labels, ["le", "+Inf"])} ${value.count}\n`;
      text += `${this.name}_sum${labelText(labels)} ${formatValue(value.sum)}\n`;
      text += `${this.name}_count${labelText(labels)} ${value.count}\n`;
    }
    return text;
  }
}

/** A gauge read at scrape time (from the database, say), rendered from its samples. */
export function gaugeText(name: string, help: string, samples: ReadonlyArray<[Labels, number]>): string {
  let text = header(name, help, "gauge");
  for (const [labels, value] of samples) text += `${name}${labelText(labels)} ${formatValue(value)}\n`;
  return text;
}

/** Latency buckets in seconds: a kept read answers in about a millisecond, an analysis in seconds. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export type DatabaseErrorKind = "unavailable" | "busy" | "other";
export type AlertDeliveryOutcome = "sent" | "retrying" | "failed";

/** What this process counts (per isolate on Workers, which therefore serve no /metrics: decision 088). */
export function createAppMetrics() {
  const metrics = {
    httpRequests: new Histogram(
      "signalboard_http_request_duration_seconds",
      "Time to answer an HTTP request, by route pattern, method and status class (_count: requests answered).",
      ["route", "method", "status_class"],
      LATENCY_BUCKETS,
    ),
    databaseErrors: new Counter(
      "signalboard_database_errors_total",
      "Requests failed by the database: unavailable (unreachable or timed out), busy (write lock), other (a failed query).",
      ["kind"],
    ),
    jobRuns: new Counter(
      "signalboard_job_runs_total",
      "Scheduled job runs this process did, by job and outcome (ok, failed).",
      ["job", "outcome"],
    ),
    alertDeliveries: new Counter(
      "signalboard_alert_deliveries_total",
      "Alert delivery attempts by channel and outcome: sent, retrying (failed, tried again later), failed (given up).",
      ["channel", "outcome"],
    ),
  };
  // Zeros from the start, so a rate over the first error is a rate and an alert rule sees the series.
  for (const kind of ["unavailable", "busy", "other"] satisfies DatabaseErrorKind[]) {
    metrics.databaseErrors.inc({ kind }, 0);
  }
  for (const channel of ["email", "webhook"]) {
    for (const outcome of ["sent", "retrying", "failed"] satisfies AlertDeliveryOutcome[]) {
      metrics.alertDeliveries.inc({ channel, outcome }, 0);
    }
  }
  return metrics;
}

export type AppMetrics = ReturnType<typeof createAppMetrics>;

/** The exposition of every metric this process counts. */
export function renderMetrics(metrics: AppMetrics): string {
  return Object.values(metrics)
    .map((metric) => metric.render())
    .join("");
}
