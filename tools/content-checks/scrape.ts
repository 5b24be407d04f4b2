// Scrape configurations in the docs against the metrics model: each is run over an installation's
// Services as Prometheus' service discovery and relabelling would, and must scrape every exporter
// once, with the target labels the docs' queries match on. Veriq's ServiceMonitors likewise.
// Why: maintainers/decisions/2026-11-27-code-block-checks.md
import type { Exporter, MetricsModel } from './metricsModel';
import { matches, type Selector } from './promql';

export type Labels = Record<string, string>;

export interface Target {
  /** Exporter the target belongs to, or the Service name when it serves no metrics. */
  service: string;
  labels: Labels;
}

interface RelabelConfig {
  source_labels?: string[];
  separator?: string;
  regex?: string;
  target_label?: string;
  replacement?: string;
  action?: string;
}

interface ScrapeConfig {
  job_name?: string;
  scheme?: string;
  metrics_path?: string;
  tls_config?: unknown;
  kubernetes_sd_configs?: { role?: string; namespaces?: { names?: string[] } }[];
  static_configs?: unknown[];
  relabel_configs?: RelabelConfig[];
}

const NAMESPACE = 'veriq';

/** Services of the `veriq` namespace that a scrape might select: the exporters and the web app, which serves no /metrics. */
function services(
  model: MetricsModel,
): { name: string; exporter?: Exporter; portName: string; port: number; pod: string }[] {
  const out: { name: string; exporter?: Exporter; portName: string; port: number; pod: string }[] = Object.entries(
    model.file.exporters,
  ).map(([name, e]) => ({ name, exporter: e, portName: e.portName, port: e.port, pod: e.examplePod }));
  out.push({ name: 'veriq-ui', portName: 'http', port: 8080, pod: 'veriq-ui-59c8f7d6b4-t9mzc' });
  return out;
}

function discovered(model: MetricsModel, role: string): { service: string; labels: Labels }[] {
  return services(model).map((s, i) => {
    const address = role === 'service' ? `${s.name}.${NAMESPACE}.svc:${s.port}` : `10.42.0.${10 + i}:${s.port}`;
    const labels: Labels = {
      __address__: address,
      __meta_kubernetes_namespace: NAMESPACE,
      [`__meta_kubernetes_${role === 'pod' ? 'pod' : 'service'}_label_app_kubernetes_io_name`]: s.name,
    };
    if (role === 'endpoints' || role === 'endpointslice' || role === 'service') {
      labels.__meta_kubernetes_service_name = s.name;
    }
    if (role === 'endpoints') labels.__meta_kubernetes_endpoint_port_name = s.portName;
    if (role === 'endpointslice') labels.__meta_kubernetes_endpointslice_port_name = s.portName;
    if (role === 'service') labels.__meta_kubernetes_service_port_name = s.portName;
    if (role !== 'service') {
      labels.__meta_kubernetes_pod_name = s.pod;
      labels.__meta_kubernetes_pod_container_name = s.name;
      labels.__meta_kubernetes_pod_container_port_name = s.portName;
      labels.__meta_kubernetes_pod_container_port_number = String(s.port);
    }
    return { service: s.name, labels };
  });
}

const expand = (replacement: string, groups: RegExpExecArray) =>
  replacement.replace(/\$(?:\{(\w+)\}|(\d+))/g, (_, a: string | undefined, b: string | undefined) => {
    const key = a ?? b ?? '';
    return (/^\d+$/.test(key) ? groups[Number(key)] : groups.groups?.[key]) ?? '';
  });

/** One relabel step; null when the target is dropped. */
export function relabel(labels: Labels, rc: RelabelConfig): Labels | null {
  const action = (rc.action ?? 'replace').toLowerCase();
  const re = new RegExp(`^(?:${rc.regex ?? '(.*)'})$`);
  const value = (rc.source_labels ?? []).map((l) => labels[l] ?? '').join(rc.separator ?? ';');
  const out = { ...labels };
  switch (action) {
    case 'keep':
      return re.test(value) ? out : null;
    case 'drop':
      return re.test(value) ? null : out;
    case 'replace': {
      const m = re.exec(value);
      if (!m || !rc.target_label) return out;
      const target = expand(rc.target_label, m);
      const result = expand(rc.replacement ?? '$1', m);
      if (result === '') delete out[target];
      else out[target] = result;
      return out;
    }
    case 'lowercase':
    case 'uppercase':
      if (rc.target_label) out[rc.target_label] = action === 'lowercase' ? value.toLowerCase() : value.toUpperCase();
      return out;
    case 'labelmap':
      for (const [k, v] of Object.entries(labels)) {
        const m = re.exec(k);
        if (m) out[expand(rc.replacement ?? '$1', m)] = v;
      }
      return out;
    case 'labeldrop':
    case 'labelkeep':
      for (const k of Object.keys(labels)) if (re.test(k) === (action === 'labeldrop')) delete out[k];
      return out;
    default:
      throw new Error(`relabel action ${action} is not simulated`);
  }
}

/** The targets a scrape configuration yields in the `veriq` namespace, with their final labels. */
export function targetsOf(model: MetricsModel, config: ScrapeConfig): Target[] {
  const out: Target[] = [];
  for (const sd of config.kubernetes_sd_configs ?? []) {
    const names = sd.namespaces?.names;
    if (names && !names.includes(NAMESPACE)) continue;
    for (const d of discovered(model, sd.role ?? '')) {
      let labels: Labels | null = {
        ...d.labels,
        job: config.job_name ?? '',
        __scheme__: config.scheme ?? 'http',
        __metrics_path__: config.metrics_path ?? '/metrics',
      };
      for (const rc of config.relabel_configs ?? []) {
        labels = relabel(labels, rc);
        if (!labels) break;
      }
      if (!labels) continue;
      const final: Labels = { instance: labels.instance ?? labels.__address__ };
      for (const [k, v] of Object.entries(labels)) if (!k.startsWith('__')) final[k] = v;
      final.__scheme__ = labels.__scheme__;
      final.__metrics_path__ = labels.__metrics_path__;
      out.push({ service: d.service, labels: final });
    }
  }
  return out;
}

/** The targets of the three ServiceMonitors, labelled as the Prometheus Operator labels them. */
export function serviceMonitorTargets(model: MetricsModel): Target[] {
  return Object.entries(model.file.exporters).map(([name, e], i) => ({
    service: name,
    labels: {
      job: e.service,
      namespace: NAMESPACE,
      pod: e.examplePod,
      instance: `10.42.0.${10 + i}:${e.port}`,
      service: e.service,
      endpoint: e.portName,
      container: name,
      __scheme__: e.scheme,
      __metrics_path__: e.path,
    },
  }));
}

/** Problems of one scrape configuration set (a `scrape_configs` list). */
export function checkScrapeConfigs(
  model: MetricsModel,
  configs: ScrapeConfig[],
): { targets: Target[]; problems: string[] } {
  const problems: string[] = [];
  const targets = configs.flatMap((c) => targetsOf(model, c));
  for (const [name, e] of Object.entries(model.file.exporters)) {
    const mine = targets.filter((t) => t.service === name);
    if (mine.length === 0) {
      problems.push(`never scrapes ${name} (${e.scheme} ${e.port}${e.path})`);
      continue;
    }
    if (mine.length > 1) problems.push(`scrapes ${name} ${mine.length} times`);
    for (const t of mine) {
      for (const l of model.targetLabels) {
        if (!t.labels[l]) problems.push(`scrapes ${name} without the target label ${l}`);
      }
      if (t.labels.__scheme__ !== e.scheme)
        problems.push(`scrapes ${name} over ${t.labels.__scheme__}, not ${e.scheme}`);
      if (t.labels.__metrics_path__ !== e.path)
        problems.push(`scrapes ${name} on ${t.labels.__metrics_path__}, not ${e.path}`);
    }
  }
  for (const t of targets) {
    if (!model.file.exporters[t.service]) problems.push(`scrapes ${t.service}, which serves no /metrics`);
  }
  for (const c of configs) {
    if (c.scheme === 'https' && !c.tls_config)
      problems.push(`job ${c.job_name ?? '?'} scrapes HTTPS without tls_config`);
  }
  return { targets, problems };
}

/**
 * Selectors whose target-label matchers no target of the metric's exporters satisfies. A regex
 * that is a list of names (`veriq-api|veriq-engine`) must match a target with each of them.
 */
export function unmatchedSelectors(model: MetricsModel, targets: Target[], selectors: Selector[]): string[] {
  const problems: string[] = [];
  for (const sel of selectors) {
    const series = model.series.get(sel.metric);
    if (!series || series.exporters.length === 0) continue;
    const onTarget = sel.matchers.filter((m) => model.targetLabels.has(m.label));
    if (onTarget.length === 0) continue;
    const candidates = targets.filter((t) => series.exporters.includes(t.service));
    const ok = candidates.some((t) => onTarget.every((m) => matches(m, t.labels[m.label])));
    const shown = onTarget.map((m) => `${m.label}${m.op}"${m.value}"`).join(', ');
    if (!ok) {
      problems.push(`${sel.metric}{${shown}} matches no target of ${series.exporters.join(', ')}`);
      continue;
    }
    for (const m of onTarget) {
      if (m.op !== '=~' || !/^[\w.-]+(\|[\w.-]+)+$/.test(m.value)) continue;
      for (const alt of m.value.split('|')) {
        if (!candidates.some((t) => t.labels[m.label] === alt)) {
          problems.push(`${sel.metric}{${m.label}=~"${m.value}"}: no target has ${m.label}="${alt}"`);
        }
      }
    }
  }
  return problems;
}
