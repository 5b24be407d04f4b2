// Validates a Kubernetes manifest from a docs code block against the Kubernetes API schema, with
// the `kubernetes-models` validators. They come from a newer Kubernetes than the documented range,
// so a manifest must also use a group/version every release of that range serves.
// Why: maintainers/decisions/2026-11-27-code-block-checks.md
import { unknownFields } from './kubernetesFields';
import { KUBERNETES_RANGE, SERVED_GROUP_VERSIONS } from './kubernetesRange';

export interface ManifestProblem {
  message: string;
}

/** Veriq's own resource kinds (licence files, console config) are not Kubernetes API objects. */
const NOT_KUBERNETES = /(^|\.)veriq\.io\//;

/**
 * Custom resources of the operators the docs name, at the group/version each project serves today:
 * their schemas are the operators', not the Kubernetes API's, so they are parsed but not validated;
 * any other version of these groups is a finding.
 */
const CUSTOM_RESOURCES = new Set([
  'external-secrets.io/v1',
  'argoproj.io/v1alpha1',
  'source.toolkit.fluxcd.io/v1',
  'helm.toolkit.fluxcd.io/v2',
  'kustomize.toolkit.fluxcd.io/v1',
  'observability.openshift.io/v1',
  'monitoring.coreos.com/v1',
  'cert-manager.io/v1',
]);

/** True when the YAML document is shaped like a Kubernetes object. */
export function isManifest(doc: unknown): doc is { apiVersion: string; kind: string } {
  return (
    typeof doc === 'object' &&
    doc !== null &&
    typeof (doc as { apiVersion?: unknown }).apiVersion === 'string' &&
    typeof (doc as { kind?: unknown }).kind === 'string'
  );
}

export const isKubernetesApi = (apiVersion: string) =>
  !NOT_KUBERNETES.test(apiVersion) && !CUSTOM_RESOURCES.has(apiVersion);

type ModelClass = new (data: unknown) => { validate(): void };

async function modelOf(apiVersion: string, kind: string): Promise<ModelClass | null> {
  const path = apiVersion.includes('/') ? apiVersion : `v1`;
  try {
    // One module per kind, resolved at run time (vite, under vitest, must not try to bundle it).
    const specifier = `kubernetes-models/${path}/${kind}`;
    const mod = (await import(/* @vite-ignore */ specifier)) as Record<string, unknown>;
    return (mod[kind] as ModelClass | undefined) ?? null;
  } catch {
    return null;
  }
}

export async function validateManifest(doc: { apiVersion: string; kind: string }): Promise<ManifestProblem[]> {
  const { apiVersion, kind } = doc;
  if (!SERVED_GROUP_VERSIONS.has(apiVersion)) {
    return [{ message: `${apiVersion} is not served by every Kubernetes release of ${KUBERNETES_RANGE}` }];
  }
  const Model = await modelOf(apiVersion, kind);
  if (!Model) return [{ message: `${apiVersion} has no kind ${kind}` }];
  try {
    new Model(doc).validate();
    return unknownFields(doc).map((message) => ({ message: `${kind} ${message}` }));
  } catch (error) {
    const errors = (error as { errors?: { instancePath: string; message?: string }[] }).errors;
    if (!errors) return [{ message: String(error) }];
    return errors.map((e) => ({ message: `${kind} ${e.instancePath || '/'} ${e.message ?? 'is invalid'}` }));
  }
}

interface PodSpecLike {
  securityContext?: { runAsNonRoot?: boolean; runAsUser?: number; seccompProfile?: { type?: string } };
  containers?: ContainerLike[];
  initContainers?: ContainerLike[];
  hostNetwork?: boolean;
  hostPID?: boolean;
  hostIPC?: boolean;
}

interface ContainerLike {
  name?: string;
  securityContext?: {
    runAsNonRoot?: boolean;
    runAsUser?: number;
    privileged?: boolean;
    allowPrivilegeEscalation?: boolean;
    capabilities?: { drop?: string[]; add?: string[] };
    seccompProfile?: { type?: string };
  };
}

/** The pod template of a workload manifest, with its labels. */
export function podTemplateOf(
  doc: Record<string, unknown>,
): { spec: PodSpecLike; labels: Record<string, string> } | null {
  const get = (path: string[]) =>
    path.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), doc);
  const paths: Record<string, string[]> = {
    Pod: [],
    Deployment: ['spec', 'template'],
    StatefulSet: ['spec', 'template'],
    DaemonSet: ['spec', 'template'],
    ReplicaSet: ['spec', 'template'],
    Job: ['spec', 'template'],
    CronJob: ['spec', 'jobTemplate', 'spec', 'template'],
  };
  const path = paths[String(doc.kind)];
  if (!path) return null;
  const template = (path.length ? get(path) : doc) as {
    spec?: PodSpecLike;
    metadata?: { labels?: Record<string, string> };
  };
  if (!template?.spec) return null;
  return { spec: template.spec, labels: template.metadata?.labels ?? {} };
}

/**
 * What the `restricted` Pod Security Standard rejects in a pod spec, for the namespace the docs tell
 * readers to enforce it on: the profile's own controls, and of the baseline ones it includes, host
 * namespaces and privileged containers, which a docs example could plausibly carry.
 */
export function restrictedProblems(spec: PodSpecLike): string[] {
  const problems: string[] = [];
  if (spec.hostNetwork || spec.hostPID || spec.hostIPC) problems.push('host namespaces are not allowed');
  const pod = spec.securityContext ?? {};
  for (const c of [...(spec.containers ?? []), ...(spec.initContainers ?? [])]) {
    const sc = c.securityContext ?? {};
    const name = c.name ?? '(unnamed)';
    if (sc.privileged) problems.push(`container ${name}: privileged`);
    if (sc.allowPrivilegeEscalation !== false)
      problems.push(`container ${name}: allowPrivilegeEscalation must be false`);
    if (!(sc.runAsNonRoot ?? pod.runAsNonRoot)) problems.push(`container ${name}: runAsNonRoot must be true`);
    if ((sc.runAsUser ?? pod.runAsUser) === 0) problems.push(`container ${name}: runAsUser 0`);
    const seccomp = sc.seccompProfile?.type ?? pod.seccompProfile?.type;
    if (seccomp !== 'RuntimeDefault' && seccomp !== 'Localhost') {
      problems.push(`container ${name}: seccompProfile must be RuntimeDefault or Localhost`);
    }
    if (!(sc.capabilities?.drop ?? []).includes('ALL')) problems.push(`container ${name}: capabilities must drop ALL`);
    const added = (sc.capabilities?.add ?? []).filter((cap) => cap !== 'NET_BIND_SERVICE');
    if (added.length > 0) problems.push(`container ${name}: may add only NET_BIND_SERVICE, not ${added.join(', ')}`);
  }
  return problems;
}

/** Label the `veriq` namespace's network policies admit Veriq's own pods by (content/facts/network-flows.yaml). */
export const PART_OF = ['app.kubernetes.io/part-of', 'veriq'] as const;
