import type { GuidesCategory } from '../types';

const category: GuidesCategory = {
  label: 'Knowledge base',
  items: [
    'guides/knowledge-base/intro',
    'guides/knowledge-base/faq',
    'guides/knowledge-base/error-messages',
    'guides/knowledge-base/app-registration-in-microsoft-entra-id',
    'guides/knowledge-base/openSSL-installation',
    'guides/knowledge-base/snowflake-key-pair-authentication',
    'guides/knowledge-base/veriq-license-sync',
  ],
};

export default category;
