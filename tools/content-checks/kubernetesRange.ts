// The Kubernetes releases Veriq 6.5 supports (content/facts/product-facts.md, "Kubernetes and
// OpenShift versions") and the API group/versions that every one of them serves. Beta and alpha
// versions are left out on purpose: the docs must not teach an API a supported cluster may not
// serve. Sources of the list: maintainers/decisions/2026-11-27-code-block-checks.md
export const KUBERNETES_RANGE = '1.29 to 1.32';

export const SERVED_GROUP_VERSIONS = new Set([
  'v1',
  'admissionregistration.k8s.io/v1',
  'apiextensions.k8s.io/v1',
  'apiregistration.k8s.io/v1',
  'apps/v1',
  'authentication.k8s.io/v1',
  'authorization.k8s.io/v1',
  'autoscaling/v1',
  'autoscaling/v2',
  'batch/v1',
  'certificates.k8s.io/v1',
  'coordination.k8s.io/v1',
  'discovery.k8s.io/v1',
  'events.k8s.io/v1',
  'flowcontrol.apiserver.k8s.io/v1',
  'networking.k8s.io/v1',
  'node.k8s.io/v1',
  'policy/v1',
  'rbac.authorization.k8s.io/v1',
  'scheduling.k8s.io/v1',
  'storage.k8s.io/v1',
]);
