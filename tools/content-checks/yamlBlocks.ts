// YAML blocks: every document parses (the `yaml` package, YAML 1.2 as Kubernetes and Helm read
// it); a document shaped like a Kubernetes object validates against the API schema; the
// NetworkPolicies of a page are evaluated together against content/facts/network-flows.yaml (and
// those of the whole site together, in policySet.ts).
import { parseAllDocuments } from 'yaml';
import type { CodeBlock } from './codeBlocks';
import {
  isKubernetesApi,
  isManifest,
  PART_OF,
  podTemplateOf,
  restrictedProblems,
  validateManifest,
} from './kubernetes';
import { deniedFlows, type FlowsFile, type NetworkPolicy } from './networkPolicy';
import { deniedFlowId } from './policySet';

export interface YamlResult {
  documents: number;
  manifests: number;
  /** Veriq's own kinds and the named operators' custom resources: parsed, not validated against the Kubernetes API. */
  otherKinds: number;
  /** The block's NetworkPolicies, each with the line of its document in the block. */
  policies: { policy: NetworkPolicy; line: number }[];
  errors: { line: number; message: string }[];
}

export async function checkYamlBlock(block: CodeBlock): Promise<YamlResult> {
  const result: YamlResult = { documents: 0, manifests: 0, otherKinds: 0, policies: [], errors: [] };
  const lineOf = (offset: number) => block.value.slice(0, offset).split('\n').length;
  for (const doc of parseAllDocuments(block.value)) {
    if ('empty' in doc) continue;
    result.documents++;
    for (const e of doc.errors) result.errors.push({ line: lineOf(e.pos[0]), message: e.message.split('\n')[0] });
    if (doc.errors.length > 0) continue;
    const value: unknown = doc.toJS();
    if (!isManifest(value)) continue;
    if (!isKubernetesApi(value.apiVersion)) {
      result.otherKinds++;
      continue;
    }
    result.manifests++;
    const line = lineOf(doc.range[0]);
    for (const p of await validateManifest(value)) result.errors.push({ line, message: p.message });
    // Workloads in the `veriq` namespace run under the `restricted` Pod Security Standard the
    // docs tell readers to enforce, and need the label the namespace's network policies admit.
    const namespace = (value as { metadata?: { namespace?: string } }).metadata?.namespace;
    const pod = namespace === 'veriq' ? podTemplateOf(value) : null;
    if (pod) {
      for (const p of restrictedProblems(pod.spec)) {
        result.errors.push({ line, message: `${value.kind}: the restricted Pod Security Standard rejects it: ${p}` });
      }
      if (pod.labels[PART_OF[0]] !== PART_OF[1]) {
        result.errors.push({ line, message: `${value.kind}: pod template lacks the label ${PART_OF.join(': ')}` });
      }
    }
    if (value.kind === 'NetworkPolicy') result.policies.push({ policy: value as NetworkPolicy, line });
  }
  return result;
}

export interface PolicyFinding {
  message: string;
  /** The blocked flow and side, so the site-wide check does not report it again. */
  id: string;
  /** The policies that isolate the blocked side, and the side. */
  isolatedBy: string[];
  side: 'ingress' | 'egress';
}

/** The page's policies, all blocks together (pages build a policy set step by step). */
export function checkPagePolicies(flows: FlowsFile, policies: NetworkPolicy[], platform?: string): PolicyFinding[] {
  if (policies.length === 0) return [];
  return deniedFlows(flows, policies, platform).map((d) => ({
    message: `the page's NetworkPolicies block ${d.flow.from} → ${d.flow.to} (${d.flow.why}): ${d.reason}`,
    id: deniedFlowId(d),
    isolatedBy: d.isolatedBy,
    side: d.side,
  }));
}
