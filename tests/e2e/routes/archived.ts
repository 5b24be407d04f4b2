// Routes under /archived that exist.
const routes: readonly string[] = [
  '/archived/embedded-cluster-requirements',
  '/archived/embedded-cluster-architecture',
  '/archived/embedded-cluster-online-platform-install',
  '/archived/embedded-cluster-offline-platform-install',
  '/archived/embedded-cluster-platform-info',
  '/archived/embedded-cluster-veriq-install',
  '/archived/embedded-cluster-veriq-manage',
  '/archived/embedded-cluster-add-nodes',
  '/archived/parameter-import',
];

export default routes;
