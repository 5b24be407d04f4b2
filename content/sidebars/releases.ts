import type { SidebarItems } from './types';

// The overview first, then newest first: readers arrive looking for the latest release.
const releases: SidebarItems = [
  { type: 'doc', id: 'releases/intro', label: 'Overview' },
  { type: 'doc', id: 'releases/2025-03', label: '2025-03 (6.5)' },
  { type: 'doc', id: 'releases/2025-02', label: '2025-02 (6.4.1)' },
  { type: 'doc', id: 'releases/2025-01', label: '2025-01 (6.4)' },
  { type: 'doc', id: 'releases/2024-04', label: '2024-04 (6.3)' },
  { type: 'doc', id: 'releases/2024-02', label: '2024-02 (6.2.1)' },
  { type: 'doc', id: 'releases/2024-01', label: '2024-01 (6.2)' },
  { type: 'doc', id: 'releases/2023-04', label: '2023-04 (6.1)' },
  { type: 'doc', id: 'releases/2023-03', label: '2023-03 (6.0.1)' },
  { type: 'doc', id: 'releases/2023-02', label: '2023-02 (6.0)' },
];

export default releases;
