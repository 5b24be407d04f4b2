import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments, parse as parseYaml } from 'yaml';
import { codeBlocks } from '../../scripts/content/codeBlocks';
import {
  deniedFlows,
  flowsFor,
  matchesSelector,
  type FlowsFile,
  type NetworkPolicy,
} from '../../scripts/content/networkPolicy';
import { parsePage } from '../../scripts/content/rules';

const flows = parseYaml(readFileSync('docs-guide/network-flows.yaml', 'utf8')) as FlowsFile;

const policies = (yaml: string) => parseAllDocuments(yaml).map((d) => d.toJS() as NetworkPolicy);

const pagePolicies = (file: string) =>
  codeBlocks(parsePage(file, readFileSync(file, 'utf8')))
    .filter((b) => b.lang === 'yaml')
    .flatMap((b) => policies(b.value))
    .filter((p) => (p as { kind?: string }).kind === 'NetworkPolicy');

const denied = (ps: NetworkPolicy[], platform?: string) =>
  deniedFlows(flows, ps, platform).map((d) => `${d.flow.from} -> ${d.flow.to}:${d.flow.port}/${d.flow.protocol}`);

// The policies of /security-overview before issue #28: ingress from ingress-nginx only, no
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

describe('NetworkPolicy evaluation against docs-guide/network-flows.yaml', () => {
  it('allows every flow when no policy exists', () => {
    expect(denied([])).toEqual([]);
  });

  it('the policies of /security-overview allow every documented flow on every platform', () => {
    const ps = pagePolicies('docs/security-overview.md');
    expect(ps.length).toBeGreaterThanOrEqual(5);
    expect(denied(ps)).toEqual([]);
  });

  it('finding 3: engine egress without veriq-api and PostgreSQL stops every engine', () => {
    const result = denied(policies(BEFORE_28));
    expect(result).toContain('veriq-engine -> veriq-api:8443/TCP');
    expect(result).toContain('veriq-engine -> veriq-postgresql:5432/TCP');
  });

  it('finding 4: ingress-nginx only blocks OpenShift, and no rule admits Prometheus', () => {
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
