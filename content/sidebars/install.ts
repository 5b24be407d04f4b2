import type { SidebarItems } from './types';
import archived from './archived';

// Ordered the way an installer works: choose a method, prepare, install, then operate.
const install: SidebarItems = [
  { type: 'doc', id: 'intro', label: 'Introduction' },
  {
    type: 'category',
    label: 'Get started',
    items: ['install-options', 'customer-environment', 'sizing', 'security-overview', 'network-flows', 'offline-docs'],
  },
  {
    type: 'category',
    label: 'Embedded Cluster',
    items: [
      'embedded-cluster-requirements',
      'embedded-cluster-architecture',
      'embedded-cluster-online-platform-install',
      'embedded-cluster-platform-info',
      'embedded-cluster-manage',
    ],
  },
  {
    type: 'category',
    label: 'Existing Cluster',
    items: [
      'existing-cluster-requirements',
      'existing-cluster-architecture',
      'existing-cluster-online-platform-install',
      'existing-cluster-offline-platform-install',
      'existing-cluster-platform-info',
      'existing-cluster-veriq-install',
      'existing-cluster-manage',
    ],
  },
  {
    type: 'category',
    label: 'Helm',
    items: [
      'helm-requirements',
      'helm-online-install',
      'helm-offline-install',
      'helm-veriq-install',
      'helm-manage',
      'helm-gitops',
    ],
  },
  {
    type: 'category',
    label: 'Operations',
    items: [
      'upgrade-paths',
      'upgrade-recovery',
      'maintenance-windows',
      'status-viewing-details',
      'monitoring',
      'logging',
      'troubleshooting-an-app',
      'troubleshooting-checklist',
      'update-license',
      'rotate-credentials',
      'backup-recovery',
      'disaster-recovery',
      'uninstall-apps',
    ],
  },
];

if (archived.length > 0) {
  install.push({ type: 'category', label: 'Archived (before 6.2)', items: archived });
}

export default install;
