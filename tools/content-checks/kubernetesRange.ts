// The Kubernetes releases Veriq 6.5 supports (content/facts/product-facts.md, "Kubernetes and
// OpenShift versions") and the API group/versions that every one of them serves.
//
// Source of the list: the Kubernetes API reference of v1.29 and v1.32 and the Kubernetes
// "Deprecated API Migration Guide" (kubernetes.io/docs/reference/using-api/deprecation-guide/):
// flowcontrol.apiserver.k8s.io/v1 is GA from 1.29, and v1beta3 of it is removed in 1.32, so
// only the group/versions served from 1.29 through 1.32 are listed. Beta and alpha versions are
// left out on purpose: the docs must not teach an API that a supported cluster may not serve.
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
