import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { codeBlocks } from '../../tools/content-checks/codeBlocks';
import {
  deniedFlows,
  flowsFor,
  matchesSelector,
  parseFlowsFile,
  type NetworkPolicy,
} from '../../tools/content-checks/networkPolicy';
import { checkSitePolicies, duplicatePolicies, type LocatedPolicy } from '../../tools/content-checks/policySet';
import { parsePage } from '../../tools/content-checks/rules';
import { listFiles } from '../../tools/lib/listFiles';

const flows = parseFlowsFile(readFileSync('content/facts/network-flows.yaml', 'utf8'));

const policies = (yaml: string) => parseAllDocuments(yaml).map((d) => d.toJS() as NetworkPolicy);

const pagePolicies = (file: string) =>
  codeBlocks(parsePage(file, readFileSync(file, 'utf8')))
    .filter((b) => b.lang === 'yaml')
    .flatMap((b) => policies(b.value))
    .filter((p) => (p as { kind?: string }).kind === 'NetworkPolicy');

const denied = (ps: NetworkPolicy[], platform?: string) =>
  deniedFlows(flows, ps, platform).map((d) => `${d.flow.from} -> ${d.flow.to}:${d.flow.port}/${d.flow.protocol}`);

// The policies /security-overview once taught: ingress from ingress-nginx only, no
// Prometheus, and (in prose) engine egress to sources, DNS and object storage only.
const BEFORE_28 = `
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata: { name: veriq-default-deny-ingress, namespace: veriq }
spec: { podSelector: {}, policyTypes: ["Ingress"] }
---
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata: { name: veriq-allow-ingress-controller, namespace: veriq }
spec:
  podSelector:
    matchExpressions: [{ key: app.kubernetes.io/name, operator: In, values: ["veriq-ui", "veriq-api"] }]
  ingress:
    - from: [{ namespaceSelector: { matchLabels: { kubernetes.io/metadata.name: ingress-nginx } } }]
      ports: [{ port: 8080 }, { port: 8443 }]
---
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata: { name: veriq-allow-same-namespace, namespace: veriq }
spec:
  podSelector: { matchLabels: { app.kubernetes.io/part-of: veriq } }
  ingress: [{ from: [{ podSelector: { matchLabels: { app.kubernetes.io/part-of: veriq } } }] }]
---
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata: { name: veriq-engine-egress, namespace: veriq }
spec:
  podSelector: { matchLabels: { app.kubernetes.io/component: engine } }
  policyTypes: ["Egress"]
  egress:
    - to: [{ ipBlock: { cidr: 10.20.0.0/16 } }]
      ports: [{ port: 5432 }]
    - to: [{ namespaceSelector: {} }]
      ports: [{ port: 53, protocol: UDP }, { port: 53, protocol: TCP }]
    - to: [{ ipBlock: { cidr: 0.0.0.0/0 } }]
      ports: [{ port: 443 }]
`;

describe('label selectors', () => {
  const labels = { app: 'api', tier: 'web' };
  it('matches labels and every expression operator', () => {
    expect(matchesSelector({ matchLabels: { app: 'api' } }, labels)).toBe(true);
    expect(matchesSelector({ matchLabels: { app: 'ui' } }, labels)).toBe(false);
    expect(matchesSelector({ matchExpressions: [{ key: 'app', operator: 'In', values: ['api'] }] }, labels)).toBe(true);
    expect(matchesSelector({ matchExpressions: [{ key: 'app', operator: 'NotIn', values: ['api'] }] }, labels)).toBe(
      false,
    );
    expect(matchesSelector({ matchExpressions: [{ key: 'x', operator: 'DoesNotExist' }] }, labels)).toBe(true);
    expect(matchesSelector({ matchExpressions: [{ key: 'x', operator: 'Exists' }] }, labels)).toBe(false);
    expect(matchesSelector({}, labels)).toBe(true);
  });
});

describe('NetworkPolicy evaluation against content/facts/network-flows.yaml', () => {
  it('allows every flow when no policy exists', () => {
    expect(denied([])).toEqual([]);
  });

  it('the one policy set, on /network-flows, allows every documented flow on every platform', () => {
    const ps = pagePolicies('docs/network-flows.md');
    expect(ps.length).toBeGreaterThanOrEqual(9);
    expect(denied(ps)).toEqual([]);
  });

  it('no other page keeps a copy of the policy set', () => {
    const pages = listFiles('docs', /\.mdx?$/)
      .filter((f) => readFileSync(f, 'utf8').includes('NetworkPolicy'))
      .filter((f) => pagePolicies(f).length > 0);
    expect(pages).toEqual(['docs/network-flows.md']);
  });

  it('the set of 02a9f78 blocked the Jobs, the helm test pod and the vault', () => {
    const old = pagePolicies('docs/network-flows.md').map((p) => structuredClone(p));
    const byName = (name: string) => old.find((p) => p.metadata?.name === name)!;
    // PostgreSQL admitted the components by name; MinIO and the API had no Job or test pod.
    byName('veriq-postgresql-from-components').spec!.ingress = policies(`
from: [{ podSelector: { matchLabels: { app.kubernetes.io/name: veriq-api } } }]
ports: [{ port: 5432 }]`) as never;
    byName('veriq-engine-egress').spec!.egress!.pop();
    const result = denied(old);
    expect(result).toContain('veriq-meta-backup -> veriq-postgresql:5432/TCP');
    expect(result).toContain('veriq-migrate -> veriq-postgresql:5432/TCP');
    expect(result).toContain('veriq-engine -> secret-stores:8200/TCP');
  });

  it('engine egress without veriq-api and PostgreSQL stops every engine', () => {
    const result = denied(policies(BEFORE_28));
    expect(result).toContain('veriq-engine -> veriq-api:8443/TCP');
    expect(result).toContain('veriq-engine -> veriq-postgresql:5432/TCP');
  });

  it('ingress-nginx only blocks OpenShift, and no rule admits Prometheus', () => {
    const result = denied(policies(BEFORE_28));
    expect(result).toContain('openshift-router -> veriq-ui:8080/TCP');
    expect(result).toContain('prometheus -> veriq-api:8443/TCP');
    expect(result).toContain('prometheus -> veriq-engine:8090/TCP');
    // Declared for ingress-nginx, the OpenShift flows no longer apply; Prometheus still fails.
    const nginx = denied(policies(BEFORE_28), 'ingress-nginx');
    expect(nginx.some((d) => d.startsWith('openshift-router'))).toBe(false);
    expect(nginx).toContain('prometheus -> veriq-api:8443/TCP');
  });

  it('a default-deny egress without DNS blocks name resolution', () => {
    const ps = policies(`
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata: { name: deny-egress, namespace: veriq }
spec: { podSelector: {}, policyTypes: ["Egress"] }
`);
    expect(denied(ps)).toContain('veriq-engine -> cluster-dns:53/UDP');
  });

  it('honours ports with protocol, endPort and named ports', () => {
    const base = (ports: string) =>
      policies(`
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata: { name: p, namespace: veriq }
spec:
  podSelector: { matchLabels: { app.kubernetes.io/name: veriq-api } }
  ingress: [{ ports: ${ports} }]
`);
    const apiFlows = (ps: NetworkPolicy[]) => denied(ps).filter((d) => d.includes('-> veriq-api:8443'));
    expect(apiFlows(base('[{ port: 8443 }]'))).toEqual([]);
    expect(apiFlows(base('[{ port: 8000, endPort: 9000 }]'))).toEqual([]);
    expect(apiFlows(base('[{ port: 8443, protocol: UDP }]')).length).toBeGreaterThan(0);
    expect(apiFlows(base('[{ port: https }]')).length).toBeGreaterThan(0);
  });

  it('selects flows by platform', () => {
    const all = flowsFor(flows).length;
    expect(flowsFor(flows, 'openshift').length).toBeLessThan(all);
    expect(flowsFor(flows, 'openshift').some((f) => f.from === 'ingress-nginx')).toBe(false);
    expect(() => flowsFor(flows, 'nomad')).toThrow(/unknown platform/);
  });
});

describe('the NetworkPolicies of the whole site', () => {
  const located = (yaml: string, where: string, platform?: string): LocatedPolicy[] =>
    policies(yaml).map((policy) => ({ policy, where, platform }));
  const set = pagePolicies('docs/network-flows.md').map((policy) => ({ policy, where: 'docs/network-flows.md' }));
  const prometheusOnly = `
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata: { name: veriq-allow-prometheus, namespace: veriq }
spec:
  podSelector: { matchExpressions: [{ key: app.kubernetes.io/name, operator: In, values: ["veriq-api", "veriq-engine"] }] }
  ingress:
    - from: [{ namespaceSelector: { matchLabels: { kubernetes.io/metadata.name: monitoring } } }]
      ports: [{ port: 8443 }, { port: 8090 }]
`;

  it('two different policies under one name fail, the same policy twice does not', () => {
    expect(duplicatePolicies([...set, ...set])).toEqual([]);
    const findings = duplicatePolicies([...set, ...located(prometheusOnly, 'docs/other.md:12')]);
    expect(findings).toHaveLength(1);
    expect(findings[0].where).toBe('docs/other.md:12');
    expect(findings[0].message).toMatch(/veriq\/veriq-allow-prometheus differs from the one at docs\/network-flows.md/);
  });

  it('an omitted namespace is the default one, not a second name', () => {
    const [p] = policies(prometheusOnly);
    const bare = { ...p, metadata: { name: p.metadata!.name } };
    expect(
      duplicatePolicies([
        { policy: p, where: 'a' },
        { policy: bare, where: 'b' },
      ]),
    ).toEqual([]);
  });

  it('all pages together: a policy on one page that isolates pods another page admits still blocks nothing', () => {
    expect(checkSitePolicies(flows, set)).toEqual([]);
    const allowOwn = located(
      `
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata: { name: veriq-scheduler-metrics, namespace: veriq }
spec:
  podSelector: { matchLabels: { app.kubernetes.io/name: veriq-scheduler } }
  ingress: [{ ports: [{ port: 8085 }] }]
`,
      'docs/other.md:3',
    );
    expect(checkSitePolicies(flows, [...set, ...allowOwn])).toEqual([]);
  });

  it('all pages together: a default-deny egress on one page blocks what no page allows', () => {
    const denyEgress = located(
      `
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata: { name: veriq-default-deny-egress, namespace: veriq }
spec: { podSelector: {}, policyTypes: ["Egress"] }
`,
      'docs/other.md:40',
    );
    const findings = checkSitePolicies(flows, [...set, ...denyEgress]);
    expect(findings.some((f) => f.where === 'docs/other.md:40' && f.message.includes('veriq-ui → veriq-api'))).toBe(
      true,
    );
    // Flows the per-page check already reported are not reported again.
    const known = new Set(['veriq-ui>veriq-api:8443/TCP:egress']);
    expect(
      checkSitePolicies(flows, [...set, ...denyEgress], known).some((f) => f.message.includes('veriq-ui → veriq-api')),
    ).toBe(false);
  });
});
