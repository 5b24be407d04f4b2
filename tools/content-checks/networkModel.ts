// The workloads table of content/facts/product-facts.md against content/facts/network-flows.yaml: the
// flows must cover every workload the product runs, so that a policy set checked against them
// cannot leave a Job, an init container or a scrape port out unnoticed.
import type { FlowsFile } from './networkPolicy';

export interface Workload {
  name: string;
  kind: string;
  /** The pod's labels; for an init container, those of the workload it runs in. */
  labels: Record<string, string>;
  /** The workload whose pod an init container runs in. */
  podOf?: string;
  ports: number[];
}

const HEADING = '## Workloads in the `veriq` namespace';
const NAMESPACE = 'veriq';

const codeSpans = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]);

/** The rows of the workloads table of product-facts.md. */
export function parseWorkloads(markdown: string): Workload[] {
  const start = markdown.indexOf(HEADING);
  if (start < 0) throw new Error(`product-facts.md: no section "${HEADING}"`);
  const section = markdown.slice(start + HEADING.length).split(/\n## /)[0];
  const rows = section.split('\n').filter((l) => l.startsWith('| `'));
  return rows.map((row) => {
    const cells = row.split(' | ').map((c) => c.replace(/^\| | \|$/g, '').trim());
    const [nameCell, kind, , , labelCell, portCell] = cells;
    const name = codeSpans(nameCell)[0];
    const pairs = codeSpans(labelCell).filter((c) => c.includes(': '));
    const labels = Object.fromEntries(pairs.map((p) => p.split(': ') as [string, string]));
    const podOf = name.includes('/') ? name.split('/')[0] : undefined;
    const ports = [...portCell.matchAll(/\d+/g)].map((m) => Number(m[0]));
    return { name, kind, labels, podOf, ports };
  });
}

/** Everything in which the table and the flows disagree; empty when they agree. */
export function modelProblems(workloads: Workload[], file: FlowsFile): string[] {
  const problems: string[] = [];
  const byName = new Map(workloads.map((w) => [w.name, w]));
  const sameLabels = (a: Record<string, string>, b: Record<string, string>) =>
    JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());
  for (const w of workloads) {
    const endpoint = file.endpoints[w.name];
    if (!endpoint) {
      problems.push(`workload ${w.name} (${w.kind}) has no endpoint in network-flows.yaml`);
      continue;
    }
    if (endpoint.namespace !== NAMESPACE) problems.push(`workload ${w.name}: endpoint not in namespace ${NAMESPACE}`);
    const labels = w.podOf ? byName.get(w.podOf)?.labels : w.labels;
    if (w.podOf && !labels) problems.push(`init container ${w.name}: its pod ${w.podOf} is not in the table`);
    if (w.podOf && Object.keys(w.labels).length > 0) {
      problems.push(`init container ${w.name}: write "Those of \`${w.podOf}\`", not labels of its own`);
    }
    if (labels && !sameLabels(labels, endpoint.pods ?? {})) {
      problems.push(`workload ${w.name}: labels in the table differ from the endpoint's pods in network-flows.yaml`);
    }
    const out = file.flows.filter((f) => f.from === w.name);
    const into = file.flows.filter((f) => f.to === w.name);
    if (out.length + into.length === 0)
      problems.push(`workload ${w.name} (${w.kind}) has no flow in network-flows.yaml`);
    for (const port of w.ports) {
      if (!into.some((f) => f.port === port))
        problems.push(`workload ${w.name} listens on ${port} but no flow reaches it there`);
    }
    for (const f of into) {
      if (typeof f.port === 'number' && !w.ports.includes(f.port)) {
        problems.push(`flow ${f.from} → ${w.name}:${f.port}: the table does not list ${f.port} under "Listens on"`);
      }
    }
  }
  for (const [name, endpoint] of Object.entries(file.endpoints)) {
    if (endpoint.namespace === NAMESPACE && !byName.has(name)) {
      problems.push(`endpoint ${name} of namespace ${NAMESPACE} is not in the workloads table of product-facts.md`);
    }
  }
  for (const f of file.flows) {
    for (const name of [f.from, f.to]) {
      if (!file.endpoints[name]) problems.push(`flow ${f.from} → ${f.to}: unknown endpoint ${name}`);
    }
  }
  return problems;
}
