import type { SidebarItems } from './types';

// Pages for the earlier Embedded Cluster installer (releases before 2024-01).
const archived: SidebarItems = [];

export default archived;
