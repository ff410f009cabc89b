/** One line of a metric family as prom-client's registry prints it. */
export interface MetricValue {
  metricName?: string;
  labels: Record<string, string | number>;
  value: number;
}

/** A metric family computed when scraped: what prom-client's Registry takes besides its own. */
export interface ScrapedMetric {
  name: string;
  get(): Promise<{ name: string; help: string; type: string; values: MetricValue[] }>;
}

export function scrapedMetric(
  name: string,
  help: string,
  type: 'counter' | 'gauge' | 'histogram',
  values: () => MetricValue[] | Promise<MetricValue[]>,
): ScrapedMetric {
  return { name, get: async () => ({ name, help, type, values: await values() }) };
}

/** Upper bounds in seconds: a /v1 call takes milliseconds, a slow console page a second. */
export const SECONDS_BUCKETS = [
  0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
] as const;

/**
 * A histogram kept as plain numbers: observing one value allocates nothing (prom-client's own
 * builds a string of its labels on each observation), the families are printed when scraped.
 */
export class FixedHistogram {
  readonly bounds: readonly number[];
  readonly counts: Float64Array;
  sum = 0;
  count = 0;

  constructor(bounds: readonly number[] = SECONDS_BUCKETS) {
    this.bounds = bounds;
    this.counts = new Float64Array(bounds.length);
  }

  observe(value: number) {
    this.sum += value;
    this.count++;
    const bounds = this.bounds;
    for (let i = 0; i < bounds.length; i++) {
      if (value <= bounds[i]!) {
        this.counts[i]!++;
        return;
      }
    }
  }

  /** The `_bucket` (cumulative), `_sum` and `_count` lines of this series. */
  values(name: string, labels: Record<string, string | number>): MetricValue[] {
    const lines: MetricValue[] = [];
    let cumulative = 0;
    for (let i = 0; i < this.bounds.length; i++) {
      cumulative += this.counts[i]!;
      lines.push({
        metricName: `${name}_bucket`,
        labels: { ...labels, le: this.bounds[i]! },
        value: cumulative,
      });
    }
    lines.push({
      metricName: `${name}_bucket`,
      labels: { ...labels, le: '+Inf' },
      value: this.count,
    });
    lines.push({ metricName: `${name}_sum`, labels, value: this.sum });
    lines.push({ metricName: `${name}_count`, labels, value: this.count });
    return lines;
  }
}
