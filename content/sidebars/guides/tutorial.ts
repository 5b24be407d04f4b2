import type { GuidesCategory } from '../types';

const category: GuidesCategory = {
  label: 'Tutorial',
  items: [
    'guides/tutorial/getting-started',
    'guides/tutorial/one-user-login',
    'guides/tutorial/one-setup-db-connection',
    'guides/tutorial/one-create-folder',
    'guides/tutorial/one-create-validation',
    'guides/tutorial/one-run-rule',
    'guides/tutorial/one-summary',
  ],
};

export default category;
