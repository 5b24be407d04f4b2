// The NetworkPolicies of the whole site as one set. A reader who applies policies from two pages
// gets their union, and a second policy under a name already applied replaces the first, so:
// one name (namespace and metadata.name) holds one policy everywhere, and the union of all the
// site's policies must still allow every documented flow (content/facts/network-flows.yaml).
import { isDeepStrictEqual } from 'node:util';
import { DEFAULT_NAMESPACE, deniedFlows, type DeniedFlow, type FlowsFile, type NetworkPolicy } from './networkPolicy';

export interface LocatedPolicy {
  policy: NetworkPolicy;
  /** `file:line` of the YAML document. */
  where: string;
  /** The fence meta `platform=`, when the block is written for one platform. */
  platform?: string;
}

export interface SiteFinding {
  where: string;
  message: string;
}

/** `namespace/name`, the identity `kubectl apply` replaces by. */
export const policyKey = (policy: NetworkPolicy) =>
  `${policy.metadata?.namespace ?? DEFAULT_NAMESPACE}/${policy.metadata?.name ?? '(unnamed)'}`;

/** A policy without its namespace when that is the default, so `-n veriq` and `namespace: veriq` compare equal. */
function normalised(policy: NetworkPolicy): unknown {
  return { ...policy, metadata: { ...policy.metadata, namespace: policy.metadata?.namespace ?? DEFAULT_NAMESPACE } };
}

/** Every policy that differs from an earlier one of the same name and namespace. */
export function duplicatePolicies(policies: LocatedPolicy[]): SiteFinding[] {
  const first = new Map<string, LocatedPolicy>();
  const findings: SiteFinding[] = [];
  for (const located of policies) {
    const key = policyKey(located.policy);
    const earlier = first.get(key);
    if (!earlier) {
      first.set(key, located);
    } else if (!isDeepStrictEqual(normalised(earlier.policy), normalised(located.policy))) {
      findings.push({
        where: located.where,
        message:
          `NetworkPolicy ${key} differs from the one at ${earlier.where}: applying both keeps only the last, ` +
          'so keep one policy per name and link to its page',
      });
    }
  }
  return findings;
}

const flowId = (d: DeniedFlow) => `${d.flow.from}>${d.flow.to}:${d.flow.port}/${d.flow.protocol}:${d.side}`;

/**
 * The site's policies together, one per name (the first), per platform: neutral policies alone
 * against every flow, and with a platform's own against its flows. Denials in `known` (already
 * reported per page) are left out, so each blocked flow is reported once.
 */
export function checkSitePolicies(
  flows: FlowsFile,
  policies: LocatedPolicy[],
  known = new Set<string>(),
): SiteFinding[] {
  const unique = new Map<string, LocatedPolicy>();
  for (const p of policies) if (!unique.has(policyKey(p.policy))) unique.set(policyKey(p.policy), p);
  const all = [...unique.values()];
  const neutral = all.filter((p) => !p.platform);
  const platforms = [...new Set(all.flatMap((p) => (p.platform ? [p.platform] : [])))];
  const sets: { platform?: string; members: LocatedPolicy[] }[] = [
    ...(neutral.length > 0 ? [{ members: neutral }] : []),
    ...platforms.map((platform) => ({ platform, members: all.filter((p) => !p.platform || p.platform === platform) })),
  ];
  const findings: SiteFinding[] = [];
  const reported = new Set(known);
  for (const { platform, members } of sets) {
    const whereOf = new Map(members.map((m) => [m.policy.metadata?.name ?? '(unnamed)', m.where]));
    for (const d of deniedFlows(
      flows,
      members.map((m) => m.policy),
      platform,
    )) {
      if (reported.has(flowId(d))) continue;
      reported.add(flowId(d));
      const where = whereOf.get(d.isolatedBy[0]) ?? 'docs';
      const located = d.isolatedBy.map((name) => `${name} at ${whereOf.get(name) ?? '?'}`).join(', ');
      findings.push({
        where,
        message:
          `the site's NetworkPolicies together${platform ? ` (${platform})` : ''} block ${d.flow.from} → ${d.flow.to} ` +
          `(${d.flow.why}): ${d.side} isolated by ${located}`,
      });
    }
  }
  return findings;
}

export { flowId as deniedFlowId };
