import type { SidebarItems } from './types';

// Pages for the earlier Embedded Cluster installer (releases before 2024-01), in the order an
// installer of those releases read them: prepare, understand, install, operate, grow; then the
// one archived product feature.
const archived: SidebarItems = [
  'archived/embedded-cluster-requirements',
  'archived/embedded-cluster-architecture',
  'archived/embedded-cluster-online-platform-install',
  'archived/embedded-cluster-offline-platform-install',
  'archived/embedded-cluster-platform-info',
  'archived/embedded-cluster-veriq-install',
  'archived/embedded-cluster-veriq-manage',
  'archived/embedded-cluster-add-nodes',
  'archived/parameter-import',
];

export default archived;
