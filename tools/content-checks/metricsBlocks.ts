// Where the docs hold PromQL, PrometheusRules and scrape configurations, and the checks of
// promql.ts, prometheusRule.ts and scrape.ts run over them: `expr` keys, `promql` fences, inline
// code naming a metric (content/facts/metrics.yaml), and Metric/Type/Labels tables.
// Which table states what: maintainers/decisions/2026-11-27-code-block-checks.md
import type { Nodes, Table } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { isScalar, parseAllDocuments, visit as visitYaml } from 'yaml';
import type { CodeBlock } from './codeBlocks';
import { looksLikeMetric, type MetricsModel } from './metricsModel';
import { checkPrometheusRule } from './prometheusRule';
import { checkPromql, type Selector } from './promql';
import type { Page } from './rules';
import { checkScrapeConfigs, serviceMonitorTargets, unmatchedSelectors } from './scrape';

export interface MetricsFinding {
  /** `file:line` */
  where: string;
  message: string;
}

export interface ScrapeSet {
  where: string;
  configs: Parameters<typeof checkScrapeConfigs>[1];
}

export interface PageMetrics {
  expressions: number;
  /** Metric names alone in inline code. */
  names: number;
  rules: number;
  selectors: Selector[];
  scrapeSets: ScrapeSet[];
  findings: MetricsFinding[];
}

const IDENT = /[A-Za-z_:][\w:]*(?![\w.])/g;

/** Inline code read as PromQL: an expression that selects a metric. */
function inlinePromql(model: MetricsModel, value: string): boolean {
  if (!/[({]/.test(value)) return false;
  return (value.match(IDENT) ?? []).some((w) => looksLikeMetric(model, w)) || /\bup\{/.test(value);
}

/** `expr` values of a JSON value, in document order. */
function jsonExprs(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) jsonExprs(v, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === 'expr' && typeof v === 'string') out.push(v);
      else jsonExprs(v, out);
    }
  }
  return out;
}

const TYPE_WORDS: Record<string, string> = { gauge: 'gauge', counter: 'counter', histogram: 'histogram' };

function checkMetricTable(table: Table, where: (line?: number) => string, model: MetricsModel): MetricsFinding[] {
  const findings: MetricsFinding[] = [];
  const [head, ...rows] = table.children;
  const columns = head.children.map((c) => toString(c).trim().toLowerCase());
  const col = (name: string) => columns.indexOf(name);
  if (col('metric') !== 0 || col('type') < 0) return findings;
  const listed = new Set<string>();
  for (const row of rows) {
    const at = where(row.position?.start.line);
    const name = toString(row.children[0]).trim();
    const metric = model.file.metrics.find((m) => m.name === name) ?? model.file.standard.find((m) => m.name === name);
    if (!metric) continue;
    listed.add(name);
    const typeWord = toString(row.children[col('type')]).trim().toLowerCase().split(/[\s,]/)[0];
    if (TYPE_WORDS[typeWord] && TYPE_WORDS[typeWord] !== metric.type) {
      findings.push({
        where: at,
        message: `${name} is a ${metric.type} in content/facts/metrics.yaml, not a ${typeWord}`,
      });
    }
    if (col('labels') < 0) continue;
    const cell = row.children[col('labels')];
    const stated = new Set<string>();
    const collect = (n: Nodes) => {
      if (n.type === 'inlineCode') stated.add(n.value);
      else if ('children' in n) for (const c of n.children) collect(c);
    };
    collect(cell);
    const want = Object.keys(metric.labels);
    if (want.length !== stated.size || want.some((l) => !stated.has(l))) {
      findings.push({
        where: at,
        message: `${name} has the labels ${want.join(', ') || 'none'} in content/facts/metrics.yaml; the table says ${[...stated].join(', ') || 'none'}`,
      });
    }
  }
  if (col('labels') > 0) {
    for (const m of model.file.metrics) {
      if (m.name.startsWith('veriq_') && !listed.has(m.name)) {
        findings.push({
          where: where(table.position?.start.line),
          message: `the metrics table does not list ${m.name}`,
        });
      }
    }
  }
  return findings;
}

export function checkPageMetrics(page: Page, blocks: CodeBlock[], offset: number, model: MetricsModel): PageMetrics {
  const result: PageMetrics = { expressions: 0, names: 0, rules: 0, selectors: [], scrapeSets: [], findings: [] };
  const promql = (where: string, expr: string) => {
    result.expressions++;
    const r = checkPromql(expr, model);
    result.selectors.push(...r.selectors);
    for (const p of r.problems) result.findings.push({ where, message: p });
  };

  for (const block of blocks) {
    const at = (line: number) => `${block.file}:${block.line + line}`;
    if (block.lang === 'promql') promql(at(1), block.value);
    if (block.lang === 'json') {
      let value: unknown;
      try {
        value = JSON.parse(block.value);
      } catch {
        continue;
      }
      let from = 0;
      for (const expr of jsonExprs(value)) {
        from = block.value.indexOf('"expr"', from) + 1;
        promql(at(block.value.slice(0, from).split('\n').length), expr);
      }
    }
    if (block.lang !== 'yaml' && block.lang !== 'yml') continue;
    const lineOf = (pos: number) => block.value.slice(0, pos).split('\n').length;
    for (const doc of parseAllDocuments(block.value)) {
      if ('empty' in doc || doc.errors.length > 0) continue;
      visitYaml(doc, {
        Pair(_, pair) {
          if (isScalar(pair.key) && pair.key.value === 'expr' && isScalar(pair.value)) {
            promql(at(lineOf(pair.key.range?.[0] ?? 0)), String(pair.value.value));
          }
        },
      });
      const value = doc.toJS() as Record<string, unknown> | null;
      if (!value || typeof value !== 'object') continue;
      const line = at(lineOf(doc.range[0]));
      if (value.kind === 'PrometheusRule') {
        result.rules++;
        for (const p of checkPrometheusRule(value)) result.findings.push({ where: line, message: p });
      }
      if (Array.isArray(value.scrape_configs)) {
        result.scrapeSets.push({ where: line, configs: value.scrape_configs as ScrapeSet['configs'] });
      }
    }
  }

  const inline = (node: Nodes) => {
    if (node.type === 'table') {
      const where = (line?: number) => `${page.file}:${(line ?? 0) + offset}`;
      result.findings.push(...checkMetricTable(node, where, model));
    }
    if (node.type === 'inlineCode') {
      const where = `${page.file}:${(node.position?.start.line ?? 0) + offset}`;
      // A name alone in prose may be a histogram's or timer's family name, which no query selects.
      if (looksLikeMetric(model, node.value)) {
        result.names++;
        if (!model.families.has(node.value) && !model.series.has(node.value)) {
          result.findings.push({ where, message: `unknown metric ${node.value} (not in content/facts/metrics.yaml)` });
        }
      } else if (inlinePromql(model, node.value)) promql(where, node.value);
    } else if ('children' in node) for (const child of node.children) inline(child);
  };
  inline(page.tree);
  return result;
}

/**
 * Every documented way of scraping (the ServiceMonitors, each `scrape_configs` block) covers the
 * exporters with the target labels, and gives targets that every documented selector matches.
 */
export function checkScrapes(model: MetricsModel, sets: ScrapeSet[], selectors: Selector[]): MetricsFinding[] {
  const findings: MetricsFinding[] = [];
  const ways = [
    { where: 'the ServiceMonitors (content/facts/metrics.yaml)', targets: serviceMonitorTargets(model), problems: [] },
    ...sets.map((s) => ({ where: s.where, ...checkScrapeConfigs(model, s.configs) })),
  ];
  for (const way of ways) {
    for (const p of way.problems) findings.push({ where: way.where, message: `scrape_configs ${p}` });
    const seen = new Set<string>();
    for (const p of unmatchedSelectors(model, way.targets, selectors)) {
      if (seen.has(p)) continue;
      seen.add(p);
      findings.push({ where: way.where, message: `with this scrape, ${p}` });
    }
  }
  return findings;
}
