// A small evaluator of Kubernetes NetworkPolicy semantics, to check the policies a page teaches
// against the documented flows (content/facts/network-flows.yaml): a flow passes when the source
// pod's egress and the destination pod's ingress both allow it. ipBlock peers match the flows'
// external endpoints, whose addresses are the reader's.
// The semantics, rule by rule: maintainers/decisions/2026-11-27-code-block-checks.md
import { parse as parseYaml } from 'yaml';

export interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: { key: string; operator: string; values?: string[] }[];
}

interface Peer {
  podSelector?: LabelSelector;
  namespaceSelector?: LabelSelector;
  ipBlock?: { cidr: string; except?: string[] };
}

interface PolicyPort {
  port?: number | string;
  endPort?: number;
  protocol?: string;
}

interface Rule {
  from?: Peer[];
  to?: Peer[];
  ports?: PolicyPort[];
}

export interface NetworkPolicy {
  metadata?: { name?: string; namespace?: string };
  spec?: {
    podSelector?: LabelSelector;
    policyTypes?: string[];
    ingress?: Rule[];
    egress?: Rule[];
  };
}

export interface Endpoint {
  external?: boolean;
  platform?: string;
  namespace?: string;
  namespaceLabels?: Record<string, string>;
  pods?: Record<string, string>;
  why?: string;
}

export interface Flow {
  from: string;
  to: string;
  /** A port number, or `source` for the data source's own port. */
  port: number | 'source';
  protocol: string;
  why: string;
}

export interface FlowsFile {
  endpoints: Record<string, Endpoint>;
  flows: Flow[];
}

/** A flow as written in the file: `from`, `to`, `port` and `protocol` may each list several values. */
interface WrittenFlow {
  from: string | string[];
  to: string | string[];
  port: Flow['port'] | Flow['port'][];
  protocol: string | string[];
  why: string;
}

const listOf = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);

/**
 * The flows file with every written flow expanded into one flow per source, destination, port
 * and protocol, so that many workloads sharing a flow (DNS, the metadata database) take one entry.
 */
export function parseFlowsFile(text: string): FlowsFile {
  const written = parseYaml(text) as { endpoints: Record<string, Endpoint>; flows: WrittenFlow[] };
  const flows = written.flows.flatMap((f) =>
    listOf(f.from).flatMap((from) =>
      listOf(f.to).flatMap((to) =>
        listOf(f.port).flatMap((port) =>
          listOf(f.protocol).map((protocol) => ({ from, to, port, protocol, why: f.why })),
        ),
      ),
    ),
  );
  return { endpoints: written.endpoints, flows };
}

/** The namespace a policy without one lands in: the docs apply every policy with `-n veriq`. */
export const DEFAULT_NAMESPACE = 'veriq';

/** Which endpoint platforms a policy written for one platform is checked against. */
const PLATFORMS: Record<string, string[]> = {
  'ingress-nginx': ['ingress-nginx', 'kubernetes'],
  kubernetes: ['ingress-nginx', 'kubernetes'],
  openshift: ['openshift'],
};

export function matchesSelector(selector: LabelSelector | undefined, labels: Record<string, string>): boolean {
  if (!selector) return true;
  for (const [key, value] of Object.entries(selector.matchLabels ?? {})) {
    if (labels[key] !== value) return false;
  }
  for (const { key, operator, values = [] } of selector.matchExpressions ?? []) {
    const has = Object.hasOwn(labels, key);
    const ok =
      operator === 'In'
        ? has && values.includes(labels[key])
        : operator === 'NotIn'
          ? !has || !values.includes(labels[key])
          : operator === 'Exists'
            ? has
            : operator === 'DoesNotExist'
              ? !has
              : false;
    if (!ok) return false;
  }
  return true;
}

const namespaceOf = (policy: NetworkPolicy) => policy.metadata?.namespace ?? DEFAULT_NAMESPACE;

function namespaceLabels(endpoint: Endpoint): Record<string, string> {
  return { 'kubernetes.io/metadata.name': endpoint.namespace ?? '', ...endpoint.namespaceLabels };
}

function selects(policy: NetworkPolicy, endpoint: Endpoint): boolean {
  if (endpoint.external || endpoint.namespace !== namespaceOf(policy)) return false;
  return matchesSelector(policy.spec?.podSelector ?? {}, endpoint.pods ?? {});
}

function policyTypes(policy: NetworkPolicy): string[] {
  if (policy.spec?.policyTypes) return policy.spec.policyTypes;
  return policy.spec?.egress ? ['Ingress', 'Egress'] : ['Ingress'];
}

function peerMatches(peer: Peer, policy: NetworkPolicy, endpoint: Endpoint): boolean {
  if (peer.ipBlock) return endpoint.external === true;
  if (endpoint.external) return false;
  if (peer.namespaceSelector) {
    if (!matchesSelector(peer.namespaceSelector, namespaceLabels(endpoint))) return false;
  } else if (endpoint.namespace !== namespaceOf(policy)) {
    return false;
  }
  return matchesSelector(peer.podSelector ?? {}, endpoint.pods ?? {});
}

function portMatches(ports: PolicyPort[] | undefined, flow: Flow): boolean {
  if (!ports || ports.length === 0) return true;
  const port = flow.port;
  if (port === 'source') return true;
  return ports.some((p) => {
    if ((p.protocol ?? 'TCP') !== flow.protocol) return false;
    if (p.port === undefined) return true;
    // Named ports need the pod's container port names, which the flows do not carry: unmatched.
    if (typeof p.port !== 'number') return false;
    return p.endPort ? port >= p.port && port <= p.endPort : port === p.port;
  });
}

/**
 * Whether `direction` traffic of `subject` to or from `peer` is allowed, with the names of the
 * policies that isolate the subject (empty when none does).
 */
function allowedFor(
  policies: NetworkPolicy[],
  direction: 'Ingress' | 'Egress',
  subject: Endpoint,
  peer: Endpoint,
  flow: Flow,
): { allowed: boolean; isolatedBy: string[] } {
  const selecting = policies.filter((p) => policyTypes(p).includes(direction) && selects(p, subject));
  const isolatedBy = selecting.map((p) => p.metadata?.name ?? '(unnamed)');
  if (selecting.length === 0) return { allowed: true, isolatedBy };
  const allowed = selecting.some((policy) =>
    (direction === 'Ingress' ? policy.spec?.ingress : policy.spec?.egress)?.some((rule) => {
      const peers = direction === 'Ingress' ? rule.from : rule.to;
      const peerOk = !peers || peers.length === 0 || peers.some((p) => peerMatches(p, policy, peer));
      return peerOk && portMatches(rule.ports, flow);
    }),
  );
  return { allowed, isolatedBy };
}

export interface DeniedFlow {
  flow: Flow;
  /** The side that blocks the flow: the source's egress or the destination's ingress. */
  side: 'egress' | 'ingress';
  /** The names of the policies that isolate that side without allowing the flow. */
  isolatedBy: string[];
  reason: string;
}

/** Flows that apply to a policy set written for `platform` (all platforms when not given). */
export function flowsFor(file: FlowsFile, platform?: string): Flow[] {
  const allowed = platform ? PLATFORMS[platform] : undefined;
  if (platform && !allowed) throw new Error(`unknown platform ${platform}`);
  const applies = (name: string) => {
    const endpoint = file.endpoints[name];
    if (!endpoint) throw new Error(`network flows: unknown endpoint ${name}`);
    return !allowed || !endpoint.platform || allowed.includes(endpoint.platform);
  };
  return file.flows.filter((f) => applies(f.from) && applies(f.to));
}

/** Every documented flow that the policies block, with the side that blocks it. */
export function deniedFlows(file: FlowsFile, policies: NetworkPolicy[], platform?: string): DeniedFlow[] {
  const denied: DeniedFlow[] = [];
  for (const flow of flowsFor(file, platform)) {
    const from = file.endpoints[flow.from];
    const to = file.endpoints[flow.to];
    const egress = allowedFor(policies, 'Egress', from, to, flow);
    const ingress = allowedFor(policies, 'Ingress', to, from, flow);
    const port = flow.port === 'source' ? "the source's port" : `${flow.port}/${flow.protocol}`;
    if (!egress.allowed) {
      denied.push({
        flow,
        side: 'egress',
        isolatedBy: egress.isolatedBy,
        reason: `egress of ${flow.from} (${egress.isolatedBy.join(', ')}) blocks ${flow.to} on ${port}`,
      });
    }
    if (!ingress.allowed) {
      denied.push({
        flow,
        side: 'ingress',
        isolatedBy: ingress.isolatedBy,
        reason: `ingress of ${flow.to} (${ingress.isolatedBy.join(', ')}) blocks ${flow.from} on ${port}`,
      });
    }
  }
  return denied;
}
