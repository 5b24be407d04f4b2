// The metrics model of content/facts/metrics.yaml as the PromQL and scrape checks read it: every
// series name a query may select (histogram and timer series expanded), with its labels, the
// exporters that serve it and what it means in HA.
import { z } from 'zod';

const labels = z.record(z.string(), z.array(z.string()).nullable());

const exporter = z.strictObject({
  service: z.string(),
  port: z.number().int(),
  portName: z.string(),
  scheme: z.enum(['http', 'https']),
  path: z.string(),
  replicas: z.strictObject({ single: z.number().int(), ha: z.number().int() }),
  why: z.string().optional(),
  examplePod: z.string(),
});

const metric = z.strictObject({
  name: z.string().regex(/^[a-z_][a-z0-9_]*$/),
  type: z.enum(['gauge', 'counter', 'histogram', 'timer']),
  labels,
  exporters: z.array(z.string()).min(1),
  ha: z.enum(['per-pod', 'replicated', 'leader']),
  meaning: z.string(),
});

const standard = z.strictObject({
  name: z.string(),
  source: z.string(),
  type: z.enum(['gauge', 'counter', 'histogram']),
  labels,
  scraped: z.boolean().optional(),
});

export const metricsFileSchema = z.strictObject({
  exporters: z.record(z.string(), exporter),
  targetLabels: z.array(z.string()),
  serviceMonitorLabels: z.array(z.string()),
  metrics: z.array(metric),
  standard: z.array(standard),
});

export type MetricsFile = z.infer<typeof metricsFileSchema>;
export type Exporter = z.infer<typeof exporter>;

export interface Series {
  name: string;
  /** The metric in the model (`veriq_instance_duration_seconds` for its `_bucket` series). */
  family: string;
  labels: Map<string, string[] | null>;
  /** Exporters whose targets carry the series: target labels apply. Empty for kube-state-metrics. */
  exporters: string[];
  ha?: 'per-pod' | 'replicated' | 'leader';
  /** A counter series (a counter, or a histogram's or timer's `_bucket`, `_sum`, `_count`). */
  counter: boolean;
  /** `up` belongs to every target. */
  anyTarget?: boolean;
}

export interface MetricsModel {
  file: MetricsFile;
  series: Map<string, Series>;
  targetLabels: Set<string>;
  /** Names of the model's metrics as written in prose (`veriq_instance_duration_seconds`, not its `_bucket`). */
  families: Set<string>;
  /** Second words of Veriq's metric names (`instances`, `license`): inline code that starts
   * `veriq_WORD` with one of them is read as a metric name. */
  veriqWords: Set<string>;
}

const SUFFIXES: Record<string, { suffix: string; extra: string[]; counter: boolean }[]> = {
  gauge: [{ suffix: '', extra: [], counter: false }],
  counter: [{ suffix: '', extra: [], counter: true }],
  histogram: [
    { suffix: '_bucket', extra: ['le'], counter: true },
    { suffix: '_sum', extra: [], counter: true },
    { suffix: '_count', extra: [], counter: true },
  ],
  timer: [
    { suffix: '_count', extra: [], counter: true },
    { suffix: '_sum', extra: [], counter: true },
    { suffix: '_max', extra: [], counter: false },
  ],
};

export function loadMetricsModel(raw: unknown): MetricsModel {
  const file = metricsFileSchema.parse(raw);
  const series = new Map<string, Series>();
  const add = (s: Series) => {
    if (series.has(s.name)) throw new Error(`metrics.yaml lists ${s.name} twice`);
    series.set(s.name, s);
  };
  for (const m of file.metrics) {
    for (const e of m.exporters) {
      if (!file.exporters[e]) throw new Error(`metrics.yaml: ${m.name} names an unknown exporter ${e}`);
    }
    for (const { suffix, extra, counter } of SUFFIXES[m.type]) {
      const labelMap = new Map(Object.entries(m.labels));
      for (const l of extra) labelMap.set(l, null);
      add({ name: m.name + suffix, family: m.name, labels: labelMap, exporters: m.exporters, ha: m.ha, counter });
    }
  }
  for (const s of file.standard) {
    for (const { suffix, extra, counter } of SUFFIXES[s.type]) {
      const labelMap = new Map(Object.entries(s.labels));
      for (const l of extra) labelMap.set(l, null);
      const exporters = s.scraped ? Object.keys(file.exporters) : [];
      add({ name: s.name + suffix, family: s.name, labels: labelMap, exporters, anyTarget: s.scraped, counter });
    }
  }
  const veriqWords = new Set(file.metrics.filter((m) => m.name.startsWith('veriq_')).map((m) => m.name.split('_')[1]));
  const families = new Set([...file.metrics, ...file.standard].map((m) => m.name));
  return { file, series, targetLabels: new Set(file.targetLabels), families, veriqWords };
}

/** True when inline code `name` is meant as a metric name (see the header of metrics.yaml). */
export function looksLikeMetric(model: MetricsModel, name: string): boolean {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) return false;
  if (/^(jvm|process|kube)_/.test(name)) return true;
  const m = /^veriq_([a-z0-9]+)_/.exec(name);
  return m !== null && model.veriqWords.has(m[1]);
}
