import type { SidebarsConfig } from '@docusaurus/plugin-content-docs';
import install from './sidebars/install';
import guides from './sidebars/guides';
import releases from './sidebars/releases';
import restricted from './sidebars/restricted';

// One file per sidebar (sidebars/), so each documentation section is edited in one place.
const sidebars = {
  install,
  guides,
  releases,
  restricted,
} satisfies SidebarsConfig;

export default sidebars;
