import type { GuidesCategory } from '../types';

const category: GuidesCategory = {
  label: 'Use cases',
  items: [
    'guides/use-cases/intro',
    'guides/use-cases/uc1',
    'guides/use-cases/uc2',
    'guides/use-cases/uc3',
    'guides/use-cases/uc4',
    'guides/use-cases/uc5',
    'guides/use-cases/uc6',
    'guides/use-cases/uc7',
    'guides/use-cases/uc8',
    'guides/use-cases/uc9',
    'guides/use-cases/uc10',
    'guides/use-cases/uc11',
    'guides/use-cases/uc12',
    'guides/use-cases/uc13',
    'guides/use-cases/uc14',
    'guides/use-cases/uc15',
    'guides/use-cases/uc16',
    'guides/use-cases/uc17',
  ],
};

export default category;
