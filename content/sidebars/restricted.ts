import type { SidebarItems } from './types';

// The deployment patterns page is the sidebar's home, so it stays first; the two 6.2 upgrade
// paths follow (generic first, since the SQL Server path builds on it), then the later migration.
const restricted: SidebarItems = [
  { type: 'doc', id: 'restricted/architecture-deployment-patterns', label: 'Deployment patterns' },
  'restricted/generic-6.2-upgrade',
  'restricted/ss-6.2-upgrade',
  'restricted/pgsql-migrate',
];

export default restricted;
