import type { SidebarsConfig } from '@docusaurus/plugin-content-docs';
import install from './install';
import guides from './guides';
import releases from './releases';
import restricted from './restricted';

// One file per sidebar (content/sidebars/), so each documentation section is edited in one place.
const sidebars = {
  install,
  guides,
  releases,
  restricted,
} satisfies SidebarsConfig;

export default sidebars;
