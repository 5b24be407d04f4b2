import type { GuidesCategory } from '../types';

const category: GuidesCategory = {
  label: 'Use cases',
  items: [],
};

export default category;
