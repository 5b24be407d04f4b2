import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { codeBlocks } from '../../tools/content-checks/codeBlocks';
import { checkPageMetrics, checkScrapes } from '../../tools/content-checks/metricsBlocks';
import { loadMetricsModel } from '../../tools/content-checks/metricsModel';
import { checkPrometheusRule } from '../../tools/content-checks/prometheusRule';
import { checkPromql } from '../../tools/content-checks/promql';
import { parsePage } from '../../tools/content-checks/rules';
import {
  checkScrapeConfigs,
  relabel,
  serviceMonitorTargets,
  unmatchedSelectors,
} from '../../tools/content-checks/scrape';

const model = loadMetricsModel(parse(readFileSync('content/facts/metrics.yaml', 'utf8')));
const problems = (expr: string) => checkPromql(expr, model).problems;

const pageMetrics = (file: string, source: string) => {
  const page = parsePage(file, source);
  const offset = source.split('\n').length - page.body.split('\n').length;
  const blocks = codeBlocks(page).map((b) => ({ ...b, line: b.line + offset }));
  return checkPageMetrics(page, blocks, offset, model);
};

describe('the metrics model', () => {
  it('expands histograms and timers into the series queries select', () => {
    expect(model.series.get('veriq_api_request_duration_seconds_bucket')?.labels.has('le')).toBe(true);
    expect(model.series.has('veriq_api_request_duration_seconds')).toBe(false);
    expect(model.series.get('jvm_gc_pause_seconds_count')?.counter).toBe(true);
  });

  it('names an exporter with a port for every metric', () => {
    for (const m of model.file.metrics) {
      for (const e of m.exporters) expect(model.file.exporters[e]?.port, `${m.name} ${e}`).toBeGreaterThan(0);
    }
    expect(Object.values(model.file.exporters).map((e) => e.port)).toEqual([8443, 8090, 8085]);
  });
});

describe('PromQL against the model', () => {
  it('accepts expressions of the model', () => {
    expect(problems('max by (pool) (veriq_instances_queued) > 0')).toEqual([]);
    expect(
      problems('histogram_quantile(0.95, sum by (le) (rate(veriq_api_request_duration_seconds_bucket[5m])))'),
    ).toEqual([]);
    expect(problems('up{namespace="veriq", job=~"veriq-api|veriq-engine"} == 0')).toEqual([]);
  });

  it('reports what does not parse', () => {
    expect(problems('sum(veriq_instances_queued')[0]).toMatch(/does not parse/);
  });

  it('reports an unknown metric, label or label value', () => {
    expect(problems('veriq_instances_queud > 0')).toEqual([
      'unknown metric veriq_instances_queud (not in content/facts/metrics.yaml)',
    ]);
    expect(problems('veriq_scheduler_leader{pool="default"}')).toEqual(['veriq_scheduler_leader has no label pool']);
    expect(problems('veriq_instances_finished_total{status="errored"}')[0]).toMatch(/never "errored"/);
    expect(problems('veriq_instances_finished_total{status=~"errored|cancel.*"}')[0]).toMatch(/matches none/);
  });

  it('reports grouping labels that no series inside has', () => {
    expect(problems('sum by (pool) (veriq_scheduler_leader)')[0]).toMatch(/no series inside has the label pool/);
    expect(problems('veriq_db_connections and on (channel) veriq_build_info')[0]).toMatch(/label channel/);
  });

  it('reports a sum over a value every API replica reports, and rate() of a gauge', () => {
    expect(problems('sum(veriq_instances_queued)')[0]).toMatch(/once per replica/);
    expect(problems('sum(veriq_scheduler_leader)')).toEqual([]);
    expect(problems('rate(veriq_engines_ready[5m])')).toEqual([
      'rate() of veriq_engines_ready, which is not a counter',
    ]);
  });
});

describe('PrometheusRule schema', () => {
  const rule = (rules: unknown[], extra: Record<string, unknown> = {}) => ({
    apiVersion: 'monitoring.coreos.com/v1',
    kind: 'PrometheusRule',
    metadata: { name: 'r', namespace: 'veriq' },
    spec: { groups: [{ name: 'g', rules, ...extra }] },
  });

  it('accepts alerting and recording rules', () => {
    expect(
      checkPrometheusRule(rule([{ alert: 'A', expr: 'up == 0', for: '5m', labels: { severity: 'warning' } }])),
    ).toEqual([]);
    expect(checkPrometheusRule(rule([{ record: 'veriq:queued:max', expr: 'max(veriq_instances_queued)' }]))).toEqual(
      [],
    );
  });

  it('rejects a rule with both names, a bad duration and an unknown field', () => {
    expect(checkPrometheusRule(rule([{ alert: 'A', record: 'b', expr: 'up' }])).join()).toMatch(/exactly one/);
    expect(checkPrometheusRule(rule([{ alert: 'A', expr: 'up', for: '5 minutes' }])).join()).toMatch(/duration/);
    expect(checkPrometheusRule(rule([{ alert: 'A', expr: 'up', severity: 'critical' }])).join()).toMatch(/severity/);
    expect(checkPrometheusRule(rule([], { evaluation_interval: '1m' })).join()).toMatch(/evaluation_interval/);
  });
});

describe('scrape configurations', () => {
  const job = (name: string, extra: Record<string, unknown> = {}) => ({
    job_name: name,
    kubernetes_sd_configs: [{ role: 'endpoints', namespaces: { names: ['veriq'] } }],
    relabel_configs: [
      {
        source_labels: ['__meta_kubernetes_service_name', '__meta_kubernetes_endpoint_port_name'],
        regex: `${name};${name === 'veriq-api' ? 'https' : 'http'}`,
        action: 'keep',
      },
      { source_labels: ['__meta_kubernetes_namespace'], target_label: 'namespace' },
      { source_labels: ['__meta_kubernetes_pod_name'], target_label: 'pod' },
    ],
    ...extra,
  });
  const api = job('veriq-api', { scheme: 'https', tls_config: { ca_file: '/ca.crt' } });

  it('applies relabel rules as Prometheus does', () => {
    expect(relabel({ a: 'x', b: 'y' }, { source_labels: ['a', 'b'], regex: 'x;(.*)', target_label: 'c' })).toEqual({
      a: 'x',
      b: 'y',
      c: 'y',
    });
    expect(relabel({ a: 'x' }, { source_labels: ['a'], regex: 'y', action: 'keep' })).toBeNull();
    expect(relabel({ __meta_x: '1' }, { regex: '__meta_(.+)', action: 'labelmap' })).toMatchObject({ x: '1' });
  });

  it('passes three jobs with namespace and pod', () => {
    expect(checkScrapeConfigs(model, [api, job('veriq-engine'), job('veriq-scheduler')]).problems).toEqual([]);
  });

  it('reports the API-only configuration without relabelling', () => {
    const apiOnly = { ...api, relabel_configs: api.relabel_configs.slice(0, 1) };
    const { targets, problems: found } = checkScrapeConfigs(model, [apiOnly]);
    expect(found).toEqual([
      'scrapes veriq-api without the target label namespace',
      'scrapes veriq-api without the target label pod',
      'never scrapes veriq-engine (http 8090/metrics)',
      'never scrapes veriq-scheduler (http 8085/metrics)',
    ]);
    const selectors = checkPromql('veriq_scheduler_leader{namespace="veriq"}', model).selectors;
    expect(unmatchedSelectors(model, targets, selectors)).toEqual([
      'veriq_scheduler_leader{namespace="veriq"} matches no target of veriq-scheduler',
    ]);
  });

  it('reports a job name no scrape produces, and a Service that serves no metrics', () => {
    const selectors = checkPromql('up{job=~"veriq-api|veriq-worker"}', model).selectors;
    expect(unmatchedSelectors(model, serviceMonitorTargets(model), selectors)).toEqual([
      'up{job=~"veriq-api|veriq-worker"}: no target has job="veriq-worker"',
    ]);
    const anyHttp = {
      ...job('all'),
      relabel_configs: [{ source_labels: ['__meta_kubernetes_endpoint_port_name'], regex: 'http', action: 'keep' }],
    };
    expect(checkScrapeConfigs(model, [anyHttp]).problems).toContain('scrapes veriq-ui, which serves no /metrics');
  });
});

describe('the pages', () => {
  it('checks every expression of /monitoring and finds nothing wrong', () => {
    const result = pageMetrics('docs/monitoring.md', readFileSync('docs/monitoring.md', 'utf8'));
    expect(result.findings).toEqual([]);
    expect(result.expressions).toBeGreaterThanOrEqual(20);
    expect(result.rules).toBe(1);
    expect(result.scrapeSets).toHaveLength(1);
    expect(checkScrapes(model, result.scrapeSets, result.selectors)).toEqual([]);
  });

  it('reports a metrics table that disagrees with the model', () => {
    const table = [
      '# Metrics',
      '',
      '| Metric | Type | Labels | Meaning |',
      '| --- | --- | --- | --- |',
      '| `veriq_instances_queued` | Counter | `pool` | Waiting |',
      '| `veriq_db_connections` | Gauge | none | Pool |',
      '',
    ].join('\n');
    const messages = pageMetrics('docs/x.md', table).findings.map((f) => f.message);
    expect(messages).toContain('veriq_instances_queued is a gauge in content/facts/metrics.yaml, not a counter');
    expect(messages).toContain(
      'veriq_db_connections has the labels state in content/facts/metrics.yaml; the table says none',
    );
    expect(messages).toContain('the metrics table does not list veriq_scheduler_leader');
  });

  it('reads inline PromQL and metric names, not other veriq_ names', () => {
    const prose = 'Read `max(veriq_instances_queud)`, `veriq_licence_users` and the schema `veriq_meta`.\n';
    expect(pageMetrics('docs/x.md', prose).findings.map((f) => f.message)).toEqual([
      'unknown metric veriq_instances_queud (not in content/facts/metrics.yaml)',
    ]);
  });
});
