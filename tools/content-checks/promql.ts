// PromQL in the docs: every expression is parsed with the Prometheus project's own grammar
// (@prometheus-io/lezer-promql, the parser of Prometheus' web UI) and checked against the metrics
// model (content/facts/metrics.yaml): the metric exists, each label matcher and grouping label is one
// the series has (or a target label of a scrape), a closed label's value is one of its values,
// rate() and increase() read counters, and a sum never adds up a value every API replica reports.
import { parser } from '@prometheus-io/lezer-promql';
import type { MetricsModel, Series } from './metricsModel';

type Node = ReturnType<typeof parser.parse>['topNode'];

export interface Matcher {
  label: string;
  op: '=' | '!=' | '=~' | '!~';
  value: string;
}

export interface Selector {
  metric: string;
  matchers: Matcher[];
}

export interface PromqlResult {
  selectors: Selector[];
  problems: string[];
}

const children = (node: Node): Node[] => {
  const out: Node[] = [];
  for (let c = node.firstChild; c; c = c.nextSibling) out.push(c);
  return out;
};

const unquote = (text: string) => (text.startsWith('"') ? (JSON.parse(text) as string) : text.slice(1, -1));

/** An RE2 pattern of a matcher, anchored as Prometheus anchors it; null when JavaScript cannot read it. */
function anchored(pattern: string): RegExp | null {
  try {
    return new RegExp(`^(?:${pattern})$`);
  } catch {
    return null;
  }
}

export function matches(m: Matcher, value: string | undefined): boolean {
  const v = value ?? '';
  if (m.op === '=') return v === m.value;
  if (m.op === '!=') return v !== m.value;
  const re = anchored(m.value);
  if (!re) return true;
  return m.op === '=~' ? re.test(v) : !re.test(v);
}

function selectorOf(node: Node, src: string): Selector {
  const text = (n: Node) => src.slice(n.from, n.to);
  const ident = node.getChild('Identifier');
  const matchers: Matcher[] = [];
  let metric = ident ? text(ident) : '';
  const list = node.getChild('LabelMatchers');
  for (const m of list ? children(list) : []) {
    const name = m.getChild('LabelName') ?? m.getChild('QuotedLabelName');
    const op = m.getChild('MatchOp');
    const value = m.getChild('StringLiteral');
    if (m.name === 'QuotedLabelName' && !op) {
      metric = unquote(text(m));
      continue;
    }
    if (!name || !op || !value) continue;
    const label = name.name === 'QuotedLabelName' ? unquote(text(name)) : text(name);
    const matcher = { label, op: text(op) as Matcher['op'], value: unquote(text(value)) };
    if (label === '__name__' && matcher.op === '=') metric = matcher.value;
    else matchers.push(matcher);
  }
  return { metric, matchers };
}

/** Labels a series carries once scraped: its own, plus the target labels when a Veriq target serves it. */
const labelsOf = (model: MetricsModel, series: Series) =>
  new Set([...series.labels.keys(), ...(series.exporters.length > 0 ? model.targetLabels : [])]);

const unwrap = (node: Node | null): Node | null => {
  let n = node;
  while (n && n.name === 'ParenExpr') n = n.firstChild?.nextSibling ?? null;
  return n;
};

export function checkPromql(expr: string, model: MetricsModel): PromqlResult {
  const result: PromqlResult = { selectors: [], problems: [] };
  const tree = parser.parse(expr);
  const text = (n: Node) => expr.slice(n.from, n.to);
  let error: number | null = null;
  tree.iterate({
    enter: (n) => {
      if (n.type.isError && error === null) error = n.from;
    },
  });
  if (error !== null) {
    const at: number = error;
    result.problems.push(`PromQL does not parse at column ${at + 1}: \`${expr.slice(Math.max(0, at - 20), at + 20)}\``);
    return result;
  }

  /** Labels of every selector under `node`; null when one of them is not in the model. */
  const labelsUnder = (node: Node): Set<string> | null => {
    const out = new Set<string>();
    let unknown = false;
    const visit = (n: Node) => {
      if (n.name === 'VectorSelector') {
        const series = model.series.get(selectorOf(n, expr).metric);
        if (!series) unknown = true;
        else for (const l of labelsOf(model, series)) out.add(l);
        return;
      }
      for (const c of children(n)) visit(c);
    };
    visit(node);
    return unknown ? null : out;
  };

  const grouping = (clause: Node, scope: Node[], what: string) => {
    const labels = clause.getChild('GroupingLabels');
    if (!labels) return;
    const available = new Set<string>();
    for (const s of scope) {
      const l = labelsUnder(s);
      if (!l) return;
      for (const x of l) available.add(x);
    }
    for (const name of labels.getChildren('LabelName')) {
      if (!available.has(text(name))) {
        result.problems.push(`${what} (${text(name)}): no series inside has the label ${text(name)}`);
      }
    }
  };

  tree.iterate({
    enter: (ref) => {
      const node = ref.node;
      if (node.name === 'VectorSelector') {
        const sel = selectorOf(node, expr);
        result.selectors.push(sel);
        if (!sel.metric) {
          result.problems.push(`\`${text(node)}\` selects no metric name`);
          return;
        }
        const series = model.series.get(sel.metric);
        if (!series) {
          result.problems.push(`unknown metric ${sel.metric} (not in content/facts/metrics.yaml)`);
          return;
        }
        const labels = labelsOf(model, series);
        for (const m of sel.matchers) {
          if (!labels.has(m.label)) {
            result.problems.push(`${sel.metric} has no label ${m.label}`);
            continue;
          }
          const values = series.labels.get(m.label);
          if (!values) continue;
          if ((m.op === '=' || m.op === '!=') && !values.includes(m.value)) {
            result.problems.push(`${sel.metric}{${m.label}} is never "${m.value}" (values: ${values.join(', ')})`);
          } else if (m.op === '=~' && !values.some((v) => matches(m, v))) {
            result.problems.push(`${sel.metric}{${m.label}=~"${m.value}"} matches none of ${values.join(', ')}`);
          }
        }
      } else if (node.name === 'AggregateExpr') {
        const op = node.getChild('AggregateOp');
        const body = node.getChild('FunctionCallBody');
        const modifier = node.getChild('AggregateModifier');
        if (modifier?.getChild('By') && body) grouping(modifier, [body], `${op ? text(op) : ''} by`);
        const inner = unwrap(body?.firstChild ?? null);
        if (op && text(op) === 'sum' && inner?.name === 'VectorSelector') {
          const series = model.series.get(selectorOf(inner, expr).metric);
          if (series?.ha === 'replicated') {
            result.problems.push(
              `sum over ${series.name} counts it once per replica of ${series.exporters.join(', ')}, ` +
                'which all report the same value: use max by (...)',
            );
          }
        }
      } else if (node.name === 'MatchingModifierClause') {
        const binary = node.parent;
        if (binary)
          grouping(
            node,
            children(binary).filter((c) => c.name !== 'MatchingModifierClause'),
            'on/ignoring',
          );
      } else if (node.name === 'FunctionCall') {
        const fn = node.getChild('FunctionIdentifier');
        const name = fn ? text(fn) : '';
        if (!['rate', 'irate', 'increase', 'resets'].includes(name)) return;
        const matrix = node.getChild('FunctionCallBody')?.getChild('MatrixSelector');
        const selector = matrix?.getChild('VectorSelector');
        const series = selector ? model.series.get(selectorOf(selector, expr).metric) : undefined;
        if (series && !series.counter) result.problems.push(`${name}() of ${series.name}, which is not a counter`);
      }
    },
  });
  return result;
}
