import type { GuidesCategory } from '../types';

const category: GuidesCategory = {
  label: 'Utilities',
  items: [
    'guides/utilities/intro',
    'guides/utilities/executing-workflows-groovy',
    'guides/utilities/executing-workflows-python',
  ],
};

export default category;
