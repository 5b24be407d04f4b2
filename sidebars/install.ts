import type { SidebarItems } from './types';
import archived from './archived';

// Ordered the way an installer works: choose a method, prepare, install, then operate.
const install: SidebarItems = [
  { type: 'doc', id: 'intro', label: 'Introduction' },
];

if (archived.length > 0) {
  install.push({ type: 'category', label: 'Archived (before 6.2)', items: archived });
}

export default install;
