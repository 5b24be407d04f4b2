// Validates a Kubernetes manifest from a docs code block against the Kubernetes API schema.
//
// Schemas: the `kubernetes-models` package (JSON Schema validators generated from the Kubernetes
// OpenAPI document, one module per group/version/kind). It is generated from a newer Kubernetes
// than the documented range, so the served group/versions are pinned here as well: a manifest
// must use a group/version that every Kubernetes release of the documented range serves.
import { KUBERNETES_RANGE, SERVED_GROUP_VERSIONS } from './kubernetesRange';

export interface ManifestProblem {
  message: string;
}

/** Veriq's own resource kinds (licence files, console config) are not Kubernetes API objects. */
const NOT_KUBERNETES = /(^|\.)veriq\.io\//;

/** True when the YAML document is shaped like a Kubernetes object. */
export function isManifest(doc: unknown): doc is { apiVersion: string; kind: string } {
  return (
    typeof doc === 'object' &&
    doc !== null &&
    typeof (doc as { apiVersion?: unknown }).apiVersion === 'string' &&
    typeof (doc as { kind?: unknown }).kind === 'string'
  );
}

export const isKubernetesApi = (apiVersion: string) => !NOT_KUBERNETES.test(apiVersion);

type ModelClass = new (data: unknown) => { validate(): void };

async function modelOf(apiVersion: string, kind: string): Promise<ModelClass | null> {
  const path = apiVersion.includes('/') ? apiVersion : `v1`;
  try {
    const mod = (await import(`kubernetes-models/${path}/${kind}`)) as Record<string, unknown>;
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
    return [];
  } catch (error) {
    const errors = (error as { errors?: { instancePath: string; message?: string }[] }).errors;
    if (!errors) return [{ message: String(error) }];
    return errors.map((e) => ({ message: `${kind} ${e.instancePath || '/'} ${e.message ?? 'is invalid'}` }));
  }
}
